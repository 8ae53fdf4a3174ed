/**
 * The header row of an odds table: an empty corner over the row labels
 * (Hit, Edge), then one column per Guard, abbreviated "G1" with the full
 * word for assistive tech and hover. The character sheet's attack lines and
 * the creature editor's attack pools share it, so both read alike.
 */
export function GuardHead({ guards }: { guards: readonly number[] }) {
  return (
    <thead>
      <tr>
        <td />
        {guards.map((g) => (
          <th key={g} scope="col">
            <abbr title={`Guard ${g}`}>G{g}</abbr>
          </th>
        ))}
      </tr>
    </thead>
  );
}
