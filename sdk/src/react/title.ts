/**
 * The document title (WCAG 2.4.2, RGAA 8.6): `<page> — <section> — Comptoir`, e.g. « Nouvelle
 * facture — Factures — Comptoir », so that each sub-page has its own title in the tab, the
 * history and a screen reader. The shell names the section (its menu label); `PageHeader` of
 * `@comptoir/sdk/ui` names the page with its heading, so a plugin's screens get theirs by
 * showing a header. A shared singleton: one state for the shell and every remote.
 */
import { useEffect } from 'react';

const APP = 'Comptoir';

let section = '';
const pages: { title: string }[] = [];

/** `page — section — Comptoir`, a part left out when empty or equal to the section. */
export function documentTitle(page: string | undefined, sectionLabel: string): string {
  const parts = [page && page !== sectionLabel ? page : '', sectionLabel, APP].filter(Boolean);
  return parts.join(' — ');
}

function apply(): void {
  // no DOM types here: the SDK compiles with the server's settings
  const doc = (globalThis as { document?: { title: string } }).document;
  if (doc) doc.title = documentTitle(pages[pages.length - 1]?.title, section);
}

/** The shell, around each routed screen: its menu label. */
export function useSectionTitle(label: string): void {
  useEffect(() => {
    section = label;
    apply();
  }, [label]);
}

/** A screen's own title (its heading): « Nouvelle facture », « Traiteur Lumière ». */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return undefined;
    const entry = { title };
    pages.push(entry);
    apply();
    return () => {
      const i = pages.indexOf(entry);
      if (i >= 0) pages.splice(i, 1);
      apply();
    };
  }, [title]);
}
