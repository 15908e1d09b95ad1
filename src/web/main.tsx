import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './app/i18n';
import './lib/install-prompt';
import { registerServiceWorker } from './lib/service-worker';
import { loadSettings } from './lib/settings';

await initI18n(loadSettings().language);
createRoot(document.getElementById('root')!).render(<App />);
registerServiceWorker();
