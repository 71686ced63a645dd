import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "../../client/components/data-table/DataTable";
import type { TableRow } from "../../client/features/tables/columns";

/** The product's DataTable with one page of fixed rows and nothing to press: cells as shown. */
export function StaticTable({
  columns,
  rows,
  label,
}: {
  columns: Array<ColumnDef<TableRow>>;
  rows: TableRow[];
  label: string;
}) {
  return (
    <DataTable<TableRow>
      columns={columns}
      rows={rows}
      getRowId={(r) => String(r.id)}
      rowLabel={(r) => String(r.title)}
      total={rows.length}
      page={1}
      pageSize={200}
      onPageChange={() => undefined}
      sorting={[]}
      onSortingChange={() => undefined}
      loading={false}
      emptyText="Nothing here yet."
      search=""
      onSearchChange={() => undefined}
      label={label}
    />
  );
}
