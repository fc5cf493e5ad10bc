/**
 * A table's head row: a heading for each column and, with `actions`, a last column for each row's links and buttons,
 * named (`actions`) for screen readers only.
 */
export function TableHead({ columns, actions }: { columns: string[]; actions?: string }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th scope="col" key={column}>
            {column}
          </th>
        ))}
        {actions && (
          <th scope="col">
            <span className="visually-hidden">{actions}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
