/**
 * Print CSS shared by the printable pages: A4 portrait, small type, no page chrome (layout header
 * is .no-print). Table cells wrap anywhere (an 80-character name made the page 820 px wide on
 * a phone); names are also in <bdi> (globals.css gives bdi `overflow-wrap: anywhere`).
 */
export function PrintStyles() {
  return (
    <style>{`
      table.data td { overflow-wrap: anywhere; }
      @page { size: A4 portrait; margin: 10mm; }
      @media print {
        html, body { font-size: 11px; }
        main, body > div { padding: 0 !important; margin: 0 !important; max-width: none !important; }
        table.data th, table.data td { padding: 2px 4px; }
        tr, .avoid-break { break-inside: avoid; }
        thead { display: table-header-group; }
      }
    `}</style>
  );
}
