import { describe, expect, it } from 'vitest';
import { allOrders } from '../modules/order/order-list.repository.js';
import { personList } from '../modules/person/person-list.repository.js';
import { splitFrom } from './list-query.js';

describe("a list's base table and its alias", () => {
  it('reads the alias from the base table, or takes the table name of a single-table list', () => {
    const orders = 'orders o JOIN person pe ON pe.id = o.person_id JOIN product pr ON pr.id = o.product_id';
    expect(splitFrom({ from: orders, baseTable: 'orders o' })).toEqual({
      table: 'orders o',
      alias: 'o',
      joins: ' JOIN person pe ON pe.id = o.person_id JOIN product pr ON pr.id = o.product_id',
    });
    expect(splitFrom({ from: 'orders AS o JOIN person pe ON pe.id = o.person_id', baseTable: 'orders AS o' }).alias).toBe('o');
    expect(splitFrom({ from: 'person' })).toEqual({ table: 'person', alias: 'person', joins: '' });
  });

  it('refuses a list that joins tables without naming its base table, rather than guessing an alias from the joins', () => {
    expect(() => splitFrom({ from: 'unassigned_order u JOIN product p ON p.id = u.product_id' })).toThrow(/needs baseTable/);
    expect(() => splitFrom({ from: 'orders o JOIN person pe ON pe.id = o.person_id', baseTable: 'orders o JOIN person pe' })).toThrow(
      /not one table/,
    );
    expect(() => splitFrom({ from: 'person p JOIN orders o ON o.person_id = p.id', baseTable: 'orders o' })).toThrow(/does not start/);
  });

  it('reads the lists that reach it: the persons list (large, one table) and all licences (its base table)', () => {
    expect(splitFrom(personList)).toEqual({ table: 'person', alias: 'person', joins: '' });
    expect(splitFrom(allOrders)).toMatchObject({ table: 'orders o', alias: 'o' });
  });
});
