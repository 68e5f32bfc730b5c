import { initialData, menuItem, page as pageSchema, type InitialData } from '@store/contracts/page';
import { describe, expect, it } from 'vitest';
import { isInitialData } from './initial-data';

const valid: InitialData = {
  page: {
    id: 7,
    name: 'Spacey',
    url: '/spacey',
    htmlText: '<h1>Spacey</h1>',
    date: '2026-11-25T10:00:00.000Z',
    isMainMenu: true,
    mainMenuPriority: 10,
    isPublished: true,
  },
  menu: [{ name: 'Spacey', url: '/spacey' }],
  path: '/spacey',
};

/** Values of the wrong kind for any field: each schema field refuses at least one of them. */
const wrongValues: unknown[] = [null, 1.5, 'text', true, {}, []];

const agrees = (value: unknown) => expect(isInitialData(value), JSON.stringify(value)).toBe(initialData.safeParse(value).success);

describe("the initial data's hand check", () => {
  it('accepts what the contract accepts', () => {
    expect(isInitialData(valid)).toBe(true);
    agrees(valid);
    agrees({ ...valid, page: null });
    agrees({ ...valid, page: { ...valid.page, isPublished: undefined } });
    agrees({ ...valid, menu: [] });
  });

  // Field by field of the contract's own shape, so a field added to the contract and not to the check fails here.
  it.each(Object.keys(pageSchema.shape))('refuses what the contract refuses in the page field %s', (field) => {
    for (const wrong of wrongValues) agrees({ ...valid, page: { ...valid.page, [field]: wrong } });
    const without: Record<string, unknown> = { ...valid.page };
    delete without[field];
    agrees({ ...valid, page: without });
  });

  it.each(Object.keys(menuItem.shape))('refuses what the contract refuses in the menu field %s', (field) => {
    for (const wrong of wrongValues) agrees({ ...valid, menu: [{ ...valid.menu[0], [field]: wrong }] });
    const without: Record<string, unknown> = { ...valid.menu[0] };
    delete without[field];
    agrees({ ...valid, menu: [without] });
  });

  it.each(Object.keys(initialData.shape))('refuses what the contract refuses in the field %s', (field) => {
    for (const wrong of wrongValues) agrees({ ...valid, [field]: wrong });
    const without: Record<string, unknown> = { ...valid };
    delete without[field];
    agrees(without);
  });

  it('refuses what the contract refuses in the menu and the path', () => {
    for (const wrong of wrongValues) {
      agrees({ ...valid, menu: wrong });
      agrees({ ...valid, menu: [{ name: 'Spacey', url: wrong }] });
      agrees({ ...valid, menu: [{ name: wrong, url: '/spacey' }] });
      agrees({ ...valid, path: wrong });
    }
    agrees(null);
    agrees('text');
  });
});
