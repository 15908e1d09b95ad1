import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Title the browser tab "<name> | <product>" while the page is open, as the server does for link previews. */
export function useDocumentTitle(name: string | undefined) {
  const { t } = useTranslation();
  const appName = t('appName');
  useEffect(() => {
    if (!name) return;
    document.title = `${name} | ${appName}`;
    return () => {
      document.title = appName;
    };
  }, [name, appName]);
}
