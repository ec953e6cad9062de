import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column of a cut's table: numbers are right-aligned, so their digits line up. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/** The one table every section of the cut uses; it scrolls sideways on a phone. */
export function CutTable<Row>({
  columns,
  rows,
  rowKey,
  minWidth,
}: {
  columns: Array<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  minWidth: number;
}) {
  const align = (column: Column<Row>) => (column.numeric ? 'right' : undefined);
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table fz="sm" verticalSpacing={6} horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} ta={align(column)}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.header} ta={align(column)}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
