// On a narrow screen a table's rows are drawn as cards (site.css), where a cell no longer
// sits under its column's heading: each cell is labelled with that heading instead.
(() => {
  const label = (table) => {
    const head = table.tHead && table.tHead.rows[0];
    if (!head) return;
    const names = [];
    for (const th of head.cells) {
      for (let i = 0; i < th.colSpan; i += 1) names.push(th.textContent.trim());
    }
    for (const body of table.tBodies) {
      for (const row of body.rows) {
        let column = 0;
        for (const cell of row.cells) {
          if (names[column] && !cell.dataset.label) cell.dataset.label = names[column];
          column += cell.colSpan;
        }
      }
    }
  };
  const all = () => document.querySelectorAll('table.table').forEach(label);
  all();
  // Rows drawn later (a live match's moves) are labelled as they come.
  new MutationObserver(all).observe(document.body, {childList: true, subtree: true});
})();
