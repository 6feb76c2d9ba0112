/**
 * antd names things to screen readers in English whatever the page's language: each icon is
 * `role="img" aria-label="<icon name>"` ("down", "search", "edit"), and a number field's step
 * buttons are "Increase Value" / "Decrease Value" (hard-coded in rc-input-number, not in antd's
 * locales). This rewrites those names in the page's language as antd renders them:
 *  - a step button gets the localised "Increase" / "Decrease";
 *  - an icon beside a text of its own (a button's label, a field's arrow) is decoration and is
 *    hidden from screen readers;
 *  - an icon that is the whole of a button or link names it, in the page's language.
 */
export interface AccessibleNameTexts {
  increase: string;
  decrease: string;
  /** The localised name of an icon-only control, by antd icon name; null for an unknown icon. */
  icon: (name: string) => string | null;
}

const CONTROL = 'button, a, [role="button"], [role="tab"], [role="menuitem"]';

function labelStepButton(el: Element, texts: AccessibleNameTexts): void {
  const name = el.classList.contains('ant-input-number-action-up') ? texts.increase : texts.decrease;
  // Only when it differs: setting it again would be a mutation the observer sees, forever.
  if (el.getAttribute('aria-label') !== name) el.setAttribute('aria-label', name);
}

function nameOf(icon: Element): string {
  for (const cls of icon.classList) if (cls.startsWith('anticon-') && cls !== 'anticon-spin') return cls.slice('anticon-'.length);
  return icon.getAttribute('aria-label') ?? '';
}

/** The control's own text or label, without its icons. */
function hasOwnName(control: Element): boolean {
  if (control.getAttribute('aria-label') || control.getAttribute('aria-labelledby') || control.getAttribute('title')) return true;
  const clone = control.cloneNode(true) as Element;
  clone.querySelectorAll('.anticon').forEach((icon) => icon.remove());
  return (clone.textContent ?? '').trim() !== '';
}

function labelIcon(icon: Element, texts: AccessibleNameTexts): void {
  if (icon.getAttribute('data-a11y') === 'done') return;
  icon.setAttribute('data-a11y', 'done');
  const control = icon.closest(CONTROL);
  if (control && !control.classList.contains('ant-input-number-action') && !hasOwnName(control)) {
    const name = texts.icon(nameOf(icon));
    if (name) control.setAttribute('aria-label', name);
  }
  icon.removeAttribute('aria-label');
  icon.setAttribute('aria-hidden', 'true');
}

/** Rewrites the names inside `root` (and `root` itself). */
export function localiseAccessibleNames(root: ParentNode, texts: AccessibleNameTexts): void {
  if (root instanceof Element) {
    if (root.matches('.ant-input-number-action')) labelStepButton(root, texts);
    if (root.matches('.anticon[role="img"]')) labelIcon(root, texts);
  }
  root.querySelectorAll('.ant-input-number-action').forEach((el) => labelStepButton(el, texts));
  root.querySelectorAll('.anticon[role="img"]').forEach((el) => labelIcon(el, texts));
}

/** Keeps the names localised as the page renders; returns the stop function. */
export function watchAccessibleNames(texts: AccessibleNameTexts, root: HTMLElement = document.body): () => void {
  localiseAccessibleNames(root, texts);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        // antd re-renders a step button with its English name.
        if (record.target instanceof Element && record.target.matches('.ant-input-number-action')) labelStepButton(record.target, texts);
        continue;
      }
      record.addedNodes.forEach((node) => {
        if (node instanceof Element) localiseAccessibleNames(node, texts);
      });
    }
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
  return () => observer.disconnect();
}
