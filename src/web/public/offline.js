// The offline page in the reader's language: the app's stored language, else the browser's.
(() => {
  const TEXTS = {
    en: [
      'You are offline',
      'This page needs a connection. Your notifications still arrive; open this page again when you are back online.',
      'Try again',
    ],
    sk: [
      'Ste offline',
      'Táto stránka potrebuje pripojenie. Upozornenia vám stále prichádzajú; otvorte ju znova, keď budete online.',
      'Skúsiť znova',
    ],
    cz: [
      'Jste offline',
      'Tato stránka potřebuje připojení. Oznámení vám stále chodí; otevřete ji znovu, až budete online.',
      'Zkusit znovu',
    ],
    de: [
      'Sie sind offline',
      'Diese Seite braucht eine Verbindung. Benachrichtigungen kommen weiterhin an; öffnen Sie die Seite wieder, sobald Sie online sind.',
      'Erneut versuchen',
    ],
    at: [
      'Sie sind offline',
      'Diese Seite braucht eine Verbindung. Benachrichtigungen kommen weiterhin an; öffnen Sie die Seite wieder, sobald Sie online sind.',
      'Erneut versuchen',
    ],
    hu: [
      'Nincs kapcsolat',
      'Ehhez az oldalhoz internetkapcsolat kell. Az értesítések továbbra is megérkeznek; nyissa meg újra, ha újra online.',
      'Újrapróbálás',
    ],
    no: [
      'Du er frakoblet',
      'Denne siden trenger tilkobling. Varslene kommer fortsatt fram; åpne siden igjen når du er på nett.',
      'Prøv igjen',
    ],
    se: [
      'Du är offline',
      'Den här sidan behöver en anslutning. Aviseringarna kommer fortfarande fram; öppna sidan igen när du är online.',
      'Försök igen',
    ],
  };
  // The browser's codes for the app's languages that differ from them (cs: cz, sv: se, nb/nn: no, de-AT: at).
  const BROWSER = { cs: 'cz', sv: 'se', nb: 'no', nn: 'no' };
  function stored() {
    try {
      return JSON.parse(localStorage.getItem('settings') || '{}').language;
    } catch {
      return undefined;
    }
  }
  function fromBrowser() {
    const tag = (navigator.language || 'en').toLowerCase();
    if (tag === 'de-at') return 'at';
    const base = tag.split('-')[0];
    return BROWSER[base] || base;
  }
  const language = TEXTS[stored()] ? stored() : TEXTS[fromBrowser()] ? fromBrowser() : 'en';
  const text = TEXTS[language];
  document.documentElement.lang = { cz: 'cs', se: 'sv', no: 'nb', at: 'de-AT' }[language] || language;
  document.title = text[0];
  document.getElementById('offline-title').textContent = text[0];
  document.getElementById('offline-text').textContent = text[1];
  const retry = document.getElementById('offline-retry');
  retry.textContent = text[2];
  // The page's own address again: the service worker answers it from the network once it is back.
  retry.addEventListener('click', () => location.reload());
})();
