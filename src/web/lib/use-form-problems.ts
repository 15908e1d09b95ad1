import { type RefObject, useEffect, useState } from 'react';

/** A field of a form marked wrong (`aria-invalid`), and the name its label gives it. */
export interface FormProblem {
  element: HTMLElement;
  label: string;
}

/** The text of a field's label, without the required mark (MUI's " *" is hidden from screen readers). */
function labelOf(element: HTMLElement): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  const label =
    (element as HTMLInputElement).labels?.[0] ??
    (labelledBy ? element.ownerDocument.getElementById(labelledBy.split(' ')[0]!) : null);
  if (!label) return element.getAttribute('aria-label')?.trim() ?? '';
  const copy = label.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent?.trim() ?? '';
}

const stillWrong = (problem: FormProblem) =>
  problem.element.isConnected && problem.element.getAttribute('aria-invalid') === 'true';

/** Bring a field into view and put the keyboard in it. */
export function goToField(element: HTMLElement) {
  element.scrollIntoView?.({ block: 'center' });
  element.focus({ preventScroll: true });
}

/**
 * After a refused submit (`refusals` counts them), the fields of `formRef` marked wrong: the first
 * gets the focus, scrolled into view, so a problem far above the button is seen; the list lets a
 * summary beside the button name them all. A field put right leaves the list.
 * Read from the rendered form, as each field marks itself, so a summary names every field the way
 * its label does, whichever part of the form owns its error.
 */
export function useFormProblems(formRef: RefObject<HTMLElement | null>, refusals: number) {
  const [problems, setProblems] = useState<FormProblem[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new refusal looks again.
  useEffect(() => {
    const form = formRef.current;
    if (refusals === 0 || !form) return;
    const fields = [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
    setProblems(fields.map((element) => ({ element, label: labelOf(element) })).filter((p) => p.label));
    if (fields[0]) goToField(fields[0]);
  }, [refusals]);
  // Each render may have put a field right.
  useEffect(() => {
    if (problems.length > 0 && !problems.every(stillWrong)) setProblems(problems.filter(stillWrong));
  });
  return { problems };
}
