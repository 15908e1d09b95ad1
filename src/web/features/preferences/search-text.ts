import type { Named } from '../../lib/use-localized-name';

/** Lower case without accents, so "kava" finds "Káva" as the admin lists do. */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/** Whether a search text matches an item's name in any language. */
export function matchesSearch(item: Named, search: string): boolean {
  const wanted = foldText(search.trim());
  if (!wanted) return true;
  return [item.name, ...Object.values(item.translations)].some(
    (name) => typeof name === 'string' && foldText(name).includes(wanted),
  );
}
