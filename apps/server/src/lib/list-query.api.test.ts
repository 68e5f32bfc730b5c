import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { defaultListTuning, queryPage, selectPlainList, type ListTuning } from './list-query.js';
import { answerList, TRUNCATED_LIST_HEADER, type ListDefinition, type ListRequest } from './list-request.js';

const t = await createTestApp();
type Row = { id: number; email: string; name: string; country: string };

/** 60 persons with a unique token; names and emails correlated (the address starts with the name), as in life. */
async function seed(): Promise<{ definition: ListDefinition; all: Row[] }> {
  const token = `lq${randomBytes(4).toString('hex')}`;
  const { rows } = await t.db.query<Row>(
    `INSERT INTO person (email, name, country)
     SELECT lower(first) || '.' || g || '.${token}@example.com', first || ' Example', (ARRAY['CH', 'DE', 'AT'])[1 + g % 3]
       FROM generate_series(1, 60) AS g, LATERAL (SELECT (ARRAY['Anna', 'Ben', 'Carla', 'Dan', 'Eva'])[1 + (g * 7) % 5] AS first) AS pick
     RETURNING id, email, name, country`,
  );
  await t.db.query('ANALYZE person');
  const definition: ListDefinition = {
    select: 'id, email, name, country',
    from: 'person',
    // A range the planner estimates well once analysed: the totals of deep pages are estimates.
    where: `id BETWEEN ${rows[0]!.id} AND ${rows.at(-1)!.id}`,
    whereColumns: ['id'],
    columns: {
      id: { expression: 'id', filter: 'number' },
      email: { expression: 'email', filter: 'contains' },
      name: { expression: 'name', filter: 'contains' },
      country: { expression: 'country', filter: 'contains' },
    },
    defaultSort: 'id',
    key: 'id',
    isLarge: true,
  };
  return { definition, all: rows };
}

/** What a page must hold: the filtered rows sorted by the column then the id, sliced. */
function expected(all: Row[], request: ListRequest): Row[] {
  const matches = all.filter((row) =>
    request.filters.every(({ column, value }) =>
      String(row[column as keyof Row])
        .toLowerCase()
        .includes(value.toLowerCase()),
    ),
  );
  const key = request.sort as keyof Row;
  const sorted = matches.sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id - b.id));
  if (request.isDescending) sorted.reverse();
  return sorted.slice(request.page * request.pageSize, (request.page + 1) * request.pageSize);
}

const plans: [string, ListTuning][] = [
  ['index, then sort', defaultListTuning],
  ['budgeted walk of the sort index, falling back to the index', { ...defaultListTuning, selectiveMatches: 0, minWalk: 0, maxWalk: 12 }],
  ['walk of the sort index', { ...defaultListTuning, selectiveMatches: 0, minWalk: 100_000, maxWalk: 100_000 }],
];

describe('list pages under every plan', () => {
  it.each(plans)('answers the same pages as a plain sort: %s', async (_name, tuning) => {
    const { definition, all } = await seed();
    const filterSets = [
      [],
      [{ column: 'name', value: 'ann' }],
      [{ column: 'email', value: 'A.1' }],
      [
        { column: 'name', value: 'e' },
        { column: 'country', value: 'd' },
      ],
    ];
    for (const filters of filterSets) {
      for (const sort of ['id', 'email', 'name']) {
        for (const isDescending of [false, true]) {
          for (const page of [0, 1, 2]) {
            const request = { page, pageSize: 10, sort, isDescending, filters };
            const result = await queryPage<Row>(t.db, definition, request, tuning);
            const label = JSON.stringify(request);
            expect(result.rows, label).toEqual(expected(all, request));
            expect(result.total, label).toBe(expected(all, { ...request, page: 0, pageSize: 1000 }).length);
          }
        }
      }
    }
  });

  it('answers the same pages when a list joined to its base table reads and sorts its few matches first', async () => {
    const { definition, all } = await seed();
    // The persons with a join that adds a column and neither adds nor removes rows, as the all-orders list has.
    const joined: ListDefinition = {
      ...definition,
      select: 'p.id, p.email, p.name, p.country',
      from: `person p JOIN LATERAL (SELECT upper(p.country) AS code) AS c ON true`,
      baseTable: 'person p',
      where: definition.where!.replace('id BETWEEN', 'p.id BETWEEN'),
      whereColumns: undefined,
      isLarge: undefined,
      // The same columns through the alias; the country an exact filter, as the orders list's status is.
      columns: Object.fromEntries(
        Object.entries(definition.columns).map(([name, column]) => [
          name,
          { ...column, expression: `p.${column.expression}`, ...(name === 'country' ? { filter: 'exact' as const } : {}) },
        ]),
      ),
      key: 'p.id',
    };
    const exactly = (rows: Row[], country?: string) => rows.filter((row) => country === undefined || row.country === country);
    for (const tuning of [defaultListTuning, { ...defaultListTuning, selectiveMatches: 0 }]) {
      for (const filters of [
        [{ column: 'name', value: 'ann' }],
        [
          { column: 'country', value: 'DE' },
          { column: 'email', value: 'a' },
        ],
      ]) {
        for (const sort of ['id', 'email', 'name']) {
          for (const isDescending of [false, true]) {
            for (const page of [0, 1]) {
              const request = { page, pageSize: 7, sort, isDescending, filters };
              const country = filters.find((filter) => filter.column === 'country')?.value;
              const containsOnly = { ...request, filters: filters.filter((filter) => filter.column !== 'country') };
              const sorted = exactly(expected(all, { ...containsOnly, page: 0, pageSize: 1000 }), country);
              const result = await queryPage<Row>(t.db, joined, request, tuning);
              const label = `${JSON.stringify(request)} ${tuning.selectiveMatches}`;
              expect(result.rows, label).toEqual(sorted.slice(page * 7, page * 7 + 7));
              expect(result.total, label).toBe(sorted.length);
            }
          }
        }
      }
    }
  });

  it('reads the last page backwards from the end: the real last rows', async () => {
    const { definition, all } = await seed();
    const tuning = { ...defaultListTuning, exactCountLimit: 5 };
    for (const sort of ['id', 'email', 'name']) {
      const first = await queryPage<Row>(t.db, definition, { page: 0, pageSize: 10, sort, isDescending: true, filters: [] }, tuning);
      const lastPage = Math.ceil(first.total / 10) - 1;
      const request = { page: lastPage, pageSize: 10, sort, isDescending: true, filters: [] };
      const last = await queryPage<Row>(t.db, definition, request, tuning);
      const sorted = expected(all, { ...request, page: 0, pageSize: 1000 });
      expect(last.rows.length).toBeGreaterThan(0);
      expect(last.rows, sort).toEqual(sorted.slice(sorted.length - last.rows.length));
    }
  });
});

describe('the persons search index (migration 009)', () => {
  it('answers a filter on name and email in one index scan, not an intersection of two', async () => {
    const client = await t.db.connect();
    try {
      await client.query('BEGIN');
      // A test database is small enough to be read whole, from the table or from a covering sort index (063).
      await client.query('SET LOCAL enable_seqscan = off; SET LOCAL enable_indexonlyscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (FORMAT JSON) SELECT id FROM person WHERE lower(name) LIKE '%lena%' AND lower(email) LIKE '%proton%'`,
      );
      const plan = JSON.stringify(rows[0]!['QUERY PLAN']);
      expect([...plan.matchAll(/"Index Name":"([^"]+)"/g)].map((match) => match[1])).toEqual(['person_search_trgm']);
      expect(plan).not.toContain('BitmapAnd');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('the walk of the persons sort order (migration 063)', () => {
  it('reads the sort index alone, sorted by email or name, for a filter on name or email', async () => {
    // As autovacuum keeps it in a live database: the visibility map says the table's pages are all visible.
    await t.db.query('VACUUM person');
    const client = await t.db.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off');
      for (const [sort, index] of [
        ['email', 'person_email_walk'],
        ['name', 'person_name_walk'],
      ] as const) {
        for (const filtered of ['name', 'email']) {
          const columns = [...new Set(['id', sort, filtered])].join(', ');
          const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(
            `EXPLAIN (FORMAT JSON) SELECT id FROM (SELECT ${columns} FROM person ORDER BY ${sort} DESC, id DESC LIMIT 50000) AS person
              WHERE lower(${filtered}) LIKE '%ann%' ORDER BY ${sort} DESC, id DESC LIMIT 10`,
          );
          const plan = JSON.stringify(rows[0]!['QUERY PLAN']);
          expect(plan, `${filtered} sorted by ${sort}`).toContain('"Node Type":"Index Only Scan"');
          expect(plan, `${filtered} sorted by ${sort}`).toContain(`"Index Name":"${index}"`);
        }
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('the plain array', () => {
  it('holds the first rows by the key and says in a header when it was cut short', async () => {
    const { definition, all } = await seed();
    const headers: Record<string, string> = {};
    const reply = { header: (name: string, value: string) => ((headers[name] = value), reply) } as unknown as Parameters<
      typeof answerList
    >[0];

    const cut = await selectPlainList<Row>(t.db, definition, 25);
    expect(answerList(reply, cut)).toEqual(all.slice(0, 25));
    expect(headers).toEqual({ [TRUNCATED_LIST_HEADER]: '25' });

    delete headers[TRUNCATED_LIST_HEADER];
    const whole = await selectPlainList<Row>(t.db, definition, 60);
    expect(answerList(reply, whole)).toEqual(all);
    expect(headers).toEqual({});
  });
});
