import type { Page } from '@playwright/test';
import { adminApi } from '../admin-helpers.js';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, logInThroughUi, test, uniqueEmail } from '../fixtures.js';

// Review 2026-11-29 (browser outside), finding 2: the browser's Back and Forward leave an admin editor with unsaved
// changes only after asking, as a link inside the app does (decision 105).

const question = 'You have unsaved changes. Leave this page and lose them?';

/** Answers each question as `answers.next` says (dismiss: stay) and keeps what was asked. */
function answerQuestions(page: Page) {
  const answers = { next: 'dismiss' as 'dismiss' | 'accept', asked: [] as string[] };
  page.on('dialog', (dialog) => {
    answers.asked.push(dialog.message());
    void (answers.next === 'accept' ? dialog.accept() : dialog.dismiss());
  });
  return answers;
}

/** The person's editor, opened from the persons list by EDIT, as an administrator does. */
async function openPersonFromList(page: Page, email: string) {
  await page.goto('/admin/persons');
  const persons = page.getByRole('table', { name: 'Persons' });
  await persons.getByRole('searchbox', { name: 'Filter email' }).fill(email);
  await expect(persons.getByRole('row')).toHaveCount(2);
  await persons.getByRole('link', { name: 'EDIT' }).click();
  await expect(page).toHaveURL(/\/admin\/person\/\d+$/);
}

test('Back from the page editor with unsaved changes asks first: staying keeps them, leaving opens the list', async ({ page }) => {
  await logInThroughUi(page, 'admin', e2eAdminPassword);
  await page.goto('/admin/pages');
  const table = page.getByRole('table', { name: 'Pages' });
  await table.getByRole('searchbox', { name: 'Filter url' }).fill('/about');
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: 'EDIT' }).click();
  await expect(page).toHaveURL(/\/admin\/page\/\d+$/);
  const editorUrl = page.url();
  const form = page.getByRole('form', { name: 'Page' });
  await expect(form.getByLabel('Name')).toHaveValue('About');
  await form.getByLabel('Name').fill('About us, rewritten');

  const answers = answerQuestions(page);
  await page.goBack();
  await expect(page).toHaveURL(editorUrl);
  await expect(form.getByLabel('Name')).toHaveValue('About us, rewritten');
  expect(answers.asked).toEqual([question]);

  answers.next = 'accept';
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/pages$/);
  await expect(table).toBeVisible();
  expect(answers.asked).toEqual([question, question]);
  // Nothing was saved: Forward opens the editor with the page as it was, without a question.
  await page.goForward();
  await expect(form.getByLabel('Name')).toHaveValue('About');
  expect(answers.asked).toEqual([question, question]);
});

test('Forward from the person editor with unsaved changes asks first, as Back does', async ({ page, request }) => {
  const email = uniqueEmail('forward');
  await (await adminApi(request)).createPerson(email, 'Fern Forward');
  await logInThroughUi(page, 'admin', e2eAdminPassword);
  await openPersonFromList(page, email);
  const editorUrl = page.url();
  const personForm = page.getByRole('region', { name: 'Person' });
  await expect(personForm.getByLabel('Name', { exact: true })).toHaveValue('Fern Forward');
  // A page after the editor's in the history: the list, then Back to the editor.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'PERSONS', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/persons$/);
  await page.goBack();
  await expect(page).toHaveURL(editorUrl);
  await personForm.getByLabel('Name', { exact: true }).fill('Fern Forwarded');

  const answers = answerQuestions(page);
  await page.goForward();
  await expect(page).toHaveURL(editorUrl);
  await expect(personForm.getByLabel('Name', { exact: true })).toHaveValue('Fern Forwarded');
  expect(answers.asked).toEqual([question]);

  answers.next = 'accept';
  await page.goForward();
  await expect(page).toHaveURL(/\/admin\/persons$/);
  await expect(page.getByRole('table', { name: 'Persons' })).toBeVisible();
  expect(answers.asked).toEqual([question, question]);
});

test('after SAVE, Back from the person editor opens the list in one press without a question', async ({ page, request }) => {
  const email = uniqueEmail('saved');
  await (await adminApi(request)).createPerson(email, 'Sam Saved');
  await logInThroughUi(page, 'admin', e2eAdminPassword);
  await openPersonFromList(page, email);
  const personForm = page.getByRole('region', { name: 'Person' });
  await expect(personForm.getByLabel('Name', { exact: true })).toHaveValue('Sam Saved');
  await personForm.getByLabel('Name', { exact: true }).fill('Sam Saved Again');
  await personForm.getByRole('button', { name: 'SAVE', exact: true }).click();
  await expect(personForm.getByRole('status')).toHaveText('Saved.');

  const answers = answerQuestions(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/persons$/);
  // The list's filter lives in the screen, not the address: other journeys' persons may fill its first page.
  const persons = page.getByRole('table', { name: 'Persons' });
  await persons.getByRole('searchbox', { name: 'Filter email' }).fill(email);
  await expect(persons.getByRole('row').filter({ hasText: 'Sam Saved Again' })).toBeVisible();
  expect(answers.asked).toEqual([]);
});
