/**
 * Keeps the keyboard focus somewhere useful (WCAG 2.4.3), for every screen at once: the shell
 * installs it once. Without it, focus falls to <body> — the next Tab starts again from the top of
 * the page — when:
 *
 * - the focused button becomes disabled while it works (Mantine's `loading` disables « Enregistrer »):
 *   focus goes back to it once it is enabled again, if nothing else took it meanwhile;
 * - the focused element disappears: a dialog's button once the dialog closes and its opener is gone
 *   (a deleted row), a link that navigated to another screen, a toast's close button: focus goes
 *   to the open dialog if there is one, else to the heading of the screen (`main h1`, made
 *   focusable with tabindex -1), waiting a moment for a screen that is still loading.
 *
 * A click on an empty part of the page also leaves focus on <body>: that element is still there
 * and enabled, so it is left alone. Mantine's own focus return (a dialog gives it back to the
 * button that opened it) runs first: the check waits for it.
 */

/** how long after the focus left the check runs (Mantine returns focus after 10 ms) */
const SETTLE_MS = 60;
/** a disabled button is watched this long for its re-enabling */
const ENABLE_WAIT_MS = 15_000;
/** a new screen's heading is waited for this long */
const HEADING_WAIT_MS = 3_000;

export const FOCUS_TARGET_ATTRIBUTE = 'data-comptoir-focus-target';

function isDisabled(el: Element): boolean {
  return (el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true' || el.closest('fieldset:disabled') !== null;
}

function focusIsLost(doc: Document): boolean {
  return !doc.activeElement || doc.activeElement === doc.body || doc.activeElement === doc.documentElement;
}

/** The open dialog's first focusable element, or the dialog itself. */
function openDialog(doc: Document): HTMLElement | null {
  const dialogs = doc.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]');
  return dialogs.length ? dialogs[dialogs.length - 1] : null;
}

/** Makes `el` focusable by script only (not a Tab stop) and focuses it. */
export function focusHeading(el: HTMLElement): void {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.setAttribute(FOCUS_TARGET_ATTRIBUTE, '');
  el.focus();
}

/** The heading of the screen, or the main region. */
export function screenHeading(doc: Document): HTMLElement | null {
  return doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('main');
}

/** Installs the keeper on `doc`; answers the function that removes it. */
export function installFocusKeeper(doc: Document = document): () => void {
  const win = doc.defaultView ?? window;
  const timers = new Set<number>();
  const later = (fn: () => void, ms: number) => {
    const t = win.setTimeout(() => { timers.delete(t); fn(); }, ms);
    timers.add(t);
  };

  function rescue(lost: HTMLElement, waitedMs: number): void {
    if (!focusIsLost(doc)) return;
    if (lost.isConnected) {
      if (!isDisabled(lost)) return; // a click elsewhere: the person chose
      if (waitedMs < ENABLE_WAIT_MS) later(() => rescue(lost, waitedMs + 100), 100);
      else if (focusIsLost(doc)) fallBack(0);
      return;
    }
    fallBack(0);
  }

  function fallBack(waitedMs: number): void {
    if (!focusIsLost(doc)) return;
    const dialog = openDialog(doc);
    if (dialog) {
      const first = dialog.querySelector<HTMLElement>('input, select, textarea, button, [href], [tabindex]:not([tabindex="-1"])');
      (first ?? dialog).focus();
      return;
    }
    const heading = doc.querySelector<HTMLElement>('main h1');
    if (heading) return focusHeading(heading);
    if (waitedMs < HEADING_WAIT_MS) return later(() => fallBack(waitedMs + 100), 100);
    const main = screenHeading(doc);
    if (main) focusHeading(main);
  }

  function onFocusOut(event: FocusEvent): void {
    // focus moving to another element of the page: nothing is lost
    if (event.relatedTarget) return;
    const lost = event.target;
    if (!(lost instanceof win.HTMLElement)) return;
    later(() => rescue(lost, 0), SETTLE_MS);
  }

  doc.addEventListener('focusout', onFocusOut);
  return () => {
    doc.removeEventListener('focusout', onFocusOut);
    for (const t of timers) win.clearTimeout(t);
    timers.clear();
  };
}
