/** The font of what a person copies or compares character by character: URLs, keys, answers. */
export const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
