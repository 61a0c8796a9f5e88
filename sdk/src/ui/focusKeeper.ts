/**
 * Keeps the keyboard focus somewhere useful (WCAG 2.4.3), for every screen at once: the shell
 * installs it once. Without it, focus falls to <body> — the next Tab starts again from the top of
 * the page — when:
 *
 * - the focused button becomes disabled while it works (Mantine's `loading` disables « Enregistrer »):
 *   focus goes back to it once it is enabled again, if nothing else took it meanwhile;
 * - a dialog closes (saved, cancelled, Escape) and focus was in it: focus goes back to where it was
 *   before the dialog opened — the button that opened it — even when the screen unmounted the
 *   dialog rather than closing it (then Mantine's own return does not run);
 * - the focused element disappears: a link that navigated to another screen, a dialog's opener
 *   that is gone too (a deleted row), a toast's close button: focus goes to the open dialog if
 *   there is one, else to the heading of the screen (`main h1`, made focusable with tabindex -1),
 *   waiting a moment for a screen that is still loading.
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

const DIALOG = '[role="dialog"], [role="alertdialog"]';

function isDisabled(el: Element): boolean {
  return (el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true' || el.closest('fieldset:disabled') !== null;
}

function focusIsLost(doc: Document): boolean {
  return !doc.activeElement || doc.activeElement === doc.body || doc.activeElement === doc.documentElement;
}

/** The open dialog's first focusable element, or the dialog itself. */
function openDialog(doc: Document): HTMLElement | null {
  const dialogs = doc.querySelectorAll<HTMLElement>(DIALOG);
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

  /** the last element focused outside any dialog: where a closing dialog gives the focus back */
  let beforeDialog: HTMLElement | null = null;

  function rescue(lost: HTMLElement, waitedMs: number, fromDialog: boolean): void {
    if (!focusIsLost(doc)) return;
    if (fromDialog && !lost.isConnected && beforeDialog?.isConnected && !isDisabled(beforeDialog)) {
      beforeDialog.focus();
      return;
    }
    if (lost.isConnected) {
      if (!isDisabled(lost)) return; // a click elsewhere: the person chose
      if (waitedMs < ENABLE_WAIT_MS) later(() => rescue(lost, waitedMs + 100, fromDialog), 100);
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
    // read now: once the dialog is gone, the element has no ancestors left to tell
    const fromDialog = lost.closest(DIALOG) !== null;
    later(() => rescue(lost, 0, fromDialog), SETTLE_MS);
  }

  function onFocusIn(event: FocusEvent): void {
    const el = event.target;
    if (el instanceof win.HTMLElement && el.closest(DIALOG) === null && el !== doc.body) beforeDialog = el;
  }

  doc.addEventListener('focusout', onFocusOut);
  doc.addEventListener('focusin', onFocusIn);
  return () => {
    doc.removeEventListener('focusout', onFocusOut);
    doc.removeEventListener('focusin', onFocusIn);
    for (const t of timers) win.clearTimeout(t);
    timers.clear();
  };
}

/**
 * After a navigation, the screen's heading takes the focus (RGAA 12.x: the person hears where they
 * are, and the next Tab is in the new screen, not back in the menu) — unless the focus is already
 * in the screen itself (a control that changed the address and stays). Waits for a screen that is
 * still loading; gives up after `waitMs`.
 */
export function focusScreenHeadingAfterNavigation(doc: Document = document, waitMs = HEADING_WAIT_MS): () => void {
  const win = doc.defaultView ?? window;
  const active = doc.activeElement;
  const inScreen = active && active !== doc.body && active.isConnected && active.closest('main') !== null;
  if (inScreen) return () => {};
  let cancelled = false;
  const started = Date.now();
  const tick = () => {
    if (cancelled) return;
    const now = doc.activeElement;
    // someone focused something in the screen meanwhile (a field with autofocus): keep it
    if (now && now !== active && now !== doc.body && now.closest('main')) return;
    const heading = doc.querySelector<HTMLElement>('main h1');
    if (heading) return focusHeading(heading);
    if (Date.now() - started < waitMs) win.setTimeout(tick, 50);
  };
  win.setTimeout(tick, 0);
  return () => { cancelled = true; };
}
