/**
 * A list page of either app (issue 32): the page's header, then one DataTable wired to a list endpoint of the
 * contracts — search, the filters, sort, paging and page size in the URL, the loading, failed, empty and
 * nothing-matches states, and the export — so that a list page is its columns, its filters and its texts.
 *
 *   <ListPage endpoint={operatorAccountsEndpoint} title={t('title')} description={t('description')}
 *             texts={{ empty: t('empty'), filteredEmpty: t('filteredEmpty'), loadFailed: t('loadFailed') }}
 *             headers={headers} search={{ max: 100 }}
 *             filters={[enumFilter('role', { label: t('role'), all: t('allRoles'), options: …, active: … })]} />
 *
 * A page that needs the list's state itself (a summary above the table, a selection, an export of the filtered
 * list) calls `useListEndpoint` and hands the result to `ListPageView`; `listControls(list)` is the same wiring
 * for a DataTable a page lays out itself.
 */
import type { ReactNode } from 'react';
import { Group, NativeSelect, Paper, Select, Stack } from '@mantine/core';
import type { z } from 'zod';
import type { PageSize } from '@portal/contracts/constants';
import type { ListEndpoint } from '@portal/contracts/list-query';
import { DataTable, type DataTableProps } from '../data-table/data-table';
import type { TableHeader, TableRow } from '../data-table/data-table-types';
import { useListEndpoint, type ListFailureTexts, type ListTableProps } from '../../lib/use-list-endpoint';
import type { ListQuerySchema, UrlListParams, UseUrlListParamsOptions } from '../../lib/use-url-list-params';
import { PageHeader, type PageHeaderProps } from '../page-header/page-header';

/** A choice of a filter: the value the URL keeps, and its words. */
export interface FilterOption<Value extends string | number = string | number> {
  value: Value;
  label: string;
  /** How the active filter names it when it differs from the label ('City Clinic', where the option reads 'City Clinic · #12'). */
  name?: string;
}

interface FilterBase {
  /** The list query's field. */
  field: string;
  /** The control's accessible name. */
  label: string;
  /** The filter in words when set ('Status: Open'), printed and counted on the phone's Filters button. */
  active: (valueName: string) => string;
  /** Its width from the `xs` breakpoint up (the whole row below). @default 180 */
  width?: number;
}

/** One of a fixed set (a status, a role): a native select whose first choice is "all". */
export interface EnumFilter extends FilterBase {
  kind: 'enum';
  all: string;
  options: readonly FilterOption[];
}

/** One record of many (an agent, an assignee): a searchable select, cleared for "any". */
export interface EntityFilter extends FilterBase {
  kind: 'entity';
  placeholder: string;
  nothingFound: string;
  options: readonly FilterOption<number>[];
}

export type ListFilter = EnumFilter | EntityFilter;

/** The options of an enum filter: each value of the contract's set with its words. */
export function enumOptions<Value extends string>(values: readonly Value[], label: (value: Value) => string): FilterOption<string>[] {
  return values.map((value) => ({ value, label: label(value) }));
}

export function enumFilter(field: string, filter: Omit<EnumFilter, 'kind' | 'field'>): EnumFilter {
  return { kind: 'enum', field, ...filter };
}

export function entityFilter(field: string, filter: Omit<EntityFilter, 'kind' | 'field'>): EntityFilter {
  return { kind: 'entity', field, ...filter };
}

type AnyList = UrlListParams<ListQuerySchema>;

/** The chosen option's value as the list holds it (an id is a number); '' is "all". */
function enumValue(filter: EnumFilter, chosen: string): string | number | undefined {
  const option = filter.options.find((candidate) => String(candidate.value) === chosen);
  return option ? option.value : undefined;
}

/** The filters that are set, in words; an entity not among the options (not loaded yet) is named by its id. */
function activeFilterTexts(filters: readonly ListFilter[], params: Record<string, unknown>): string[] {
  return filters.flatMap((filter) => {
    const value = params[filter.field];
    if (value === undefined || value === null || value === '') return [];
    const option = (filter.options as readonly FilterOption[]).find((candidate) => String(candidate.value) === String(value));
    return [filter.active(option ? (option.name ?? option.label) : `#${String(value)}`)];
  });
}

/** The controls of `filters`, each writing its field to the URL (back to page 1). */
function ListFilters({ filters, list }: { filters: readonly ListFilter[]; list: AnyList }) {
  const params = list.params as Record<string, unknown>;
  const set = (field: string, value: unknown) => list.set({ [field]: value } as never);
  return (
    <Group gap="xs" wrap="wrap">
      {filters.map((filter) => {
        const value = params[filter.field];
        const w = { base: '100%', xs: filter.width ?? 180 };
        return filter.kind === 'enum' ? (
          <NativeSelect key={filter.field} aria-label={filter.label} value={value === undefined ? '' : String(value)} onChange={(event) => set(filter.field, enumValue(filter, event.currentTarget.value))} w={w}>
            <option value="">{filter.all}</option>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Select
            key={filter.field}
            aria-label={filter.label}
            placeholder={filter.placeholder}
            data={filter.options.map((option) => ({ value: String(option.value), label: option.label }))}
            value={value === undefined || value === null ? null : String(value)}
            onChange={(next) => set(filter.field, next ? Number(next) : undefined)}
            searchable
            clearable
            nothingFoundMessage={filter.nothingFound}
            w={w}
          />
        );
      })}
    </Group>
  );
}

/** How a list's search box is bounded: the contract's maximum (longer text is cut, never refused). */
export interface ListSearch {
  max: number;
  placeholder?: string;
}

/**
 * The DataTable props that come from the list's URL state: the search (when the list has one), the sort (when a
 * column sorts), the page and the page size.
 */
export function listControls(list: AnyList, { search, sortable = true }: { search?: ListSearch | undefined; sortable?: boolean } = {}) {
  const params = list.params as { search?: string; sort?: string; page: number; per_page?: PageSize };
  return {
    ...(search
      ? {
          searchValue: params.search ?? '',
          onSearch: (text: string) => list.set({ search: text.slice(0, search.max) } as never),
          ...(search.placeholder ? { searchPlaceholder: search.placeholder } : {}),
        }
      : {}),
    ...(sortable ? { sort: params.sort ?? '', onSortChange: (sort: string) => list.set({ sort: sort || undefined } as never) } : {}),
    page: params.page,
    perPage: params.per_page,
    onPageChange: (page: number) => list.setPage(page),
    onPerPageChange: (perPage: number) => list.set({ per_page: perPage as PageSize } as never),
  };
}

const PDF = 'pdf';
const EXCEL = 'xlsx';

/** The Export menu's two handlers, each downloading the list as the URL filters and sorts it. */
function listExports<Query>(query: Query, exportList: (query: Query, format: 'pdf' | 'xlsx') => Promise<unknown>) {
  return { onExportPdf: () => exportList(query, PDF), onExportExcel: () => exportList(query, EXCEL) };
}

/** The list's words: its empty states, and a failed load's when the shared ones will not do. */
export interface ListPageTexts extends ListFailureTexts {
  /** No rows at all ('No operators yet.'). */
  empty: string;
  /** Search or filters match nothing ('No operators match these filters.'). */
  filteredEmpty: string;
  /** The table's name for assistive technology and the printout. @default the page's title */
  caption?: string;
}

type TableExtras<Row extends TableRow> = Omit<
  DataTableProps<Row>,
  | 'caption'
  | 'headers'
  | 'rows'
  | 'total'
  | 'loading'
  | 'error'
  | 'onRetry'
  | 'filtered'
  | 'onClearFilters'
  | 'emptyText'
  | 'filteredEmptyText'
  | 'searchValue'
  | 'onSearch'
  | 'sort'
  | 'onSortChange'
  | 'page'
  | 'perPage'
  | 'onPageChange'
  | 'onPerPageChange'
  | 'onExportPdf'
  | 'onExportExcel'
>;

/** What `useListEndpoint` gives a page: the URL state, the paged query and the table's state props. */
export interface ListSource<Query extends z.ZodObject, Row> {
  list: UrlListParams<Query>;
  table: ListTableProps<Row>;
}

export interface ListPageViewProps<Query extends z.ZodObject, Row extends TableRow> extends Omit<PageHeaderProps, 'title' | 'children'>, TableExtras<Row> {
  source: ListSource<Query, Row>;
  title: string;
  texts: ListPageTexts;
  headers: TableHeader<Row>[];
  filters?: readonly ListFilter[];
  search?: ListSearch;
  /** Downloads the list as it is filtered and sorted now (the endpoint's export), as PDF or Excel. */
  exportList?: (query: Partial<z.output<Query>>, format: 'pdf' | 'xlsx') => Promise<unknown>;
  /** Between the header and the table: a summary, a notice. */
  above?: ReactNode;
  /** After the table: the dialogs and drawers its rows open. */
  children?: ReactNode;
}

export function ListPageView<Query extends z.ZodObject, Row extends TableRow>(props: ListPageViewProps<Query, Row>) {
  const { source, title, description, action, back, maw, texts, headers, filters = [], search, exportList, above, children, toolbar, activeFilters, ...table } = props;
  const list = source.list as unknown as AnyList;
  const filterControls = filters.length > 0 ? <ListFilters filters={filters} list={list} /> : null;
  return (
    <Stack gap="lg">
      <PageHeader title={title} description={description} action={action} back={back} maw={maw} />
      {above}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<Row>
          caption={texts.caption ?? title}
          headers={headers}
          {...source.table}
          emptyText={texts.empty}
          filteredEmptyText={texts.filteredEmpty}
          activeFilters={[...activeFilterTexts(filters, list.params as Record<string, unknown>), ...(activeFilters ?? [])]}
          showHeader
          toolbar={
            filterControls && toolbar ? (
              <Group gap="xs" wrap="wrap">
                {filterControls}
                {toolbar}
              </Group>
            ) : (
              (filterControls ?? toolbar)
            )
          }
          {...listControls(list, { search, sortable: headers.some((header) => header.sort) })}
          {...(exportList ? listExports(source.list.query, exportList) : {})}
          {...table}
        />
      </Paper>
      {children}
    </Stack>
  );
}

export interface ListPageProps<Query extends z.ZodObject, RowSchema extends z.ZodType<TableRow>> extends Omit<ListPageViewProps<Query, z.output<RowSchema>>, 'source'> {
  endpoint: ListEndpoint<Query, RowSchema>;
  /** Which query fields the URL keeps, under which names. */
  urlKeys?: UseUrlListParamsOptions<Query>['urlKeys'];
}

export function ListPage<Query extends z.ZodObject, RowSchema extends z.ZodType<TableRow>>({ endpoint, urlKeys, ...props }: ListPageProps<Query, RowSchema>) {
  const source = useListEndpoint(endpoint, urlKeys ? { urlKeys } : {}, { loadFailed: props.texts.loadFailed, refreshFailed: props.texts.refreshFailed });
  return <ListPageView<Query, z.output<RowSchema>> source={source} {...props} />;
}
