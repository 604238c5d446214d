import { Pagination, useTranslate } from 'react-admin';

const DEFAULT_SIZES = [10, 20, 50, 100];

/** Page sizes for every list, with "all" (-1 → the server's 1000, spec §9); lists of another default size pass theirs. */
export function ListPagination({ sizes = DEFAULT_SIZES }: { sizes?: readonly number[] }) {
  const translate = useTranslate();
  return <Pagination rowsPerPageOptions={[...sizes, { label: translate('app.pagination.all'), value: -1 }]} />;
}
