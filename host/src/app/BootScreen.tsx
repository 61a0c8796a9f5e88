/** A French loading screen made of one element and boot.css (no Mantine: it shows before the app). */
export function BootScreen({ label }: { label: string }) {
  return (
    <div className="cpt-boot cpt-loading" role="status" aria-live="polite">
      <span className="cpt-spinner" aria-hidden="true" />
      <span className="cpt-dimmed">{label}</span>
    </div>
  );
}
