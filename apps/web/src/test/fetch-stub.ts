import { afterEach, beforeEach, expect, vi, type Mock } from 'vitest';

/** The fetch stub: a mock (its calls can be read) that answers each call by method and URL. */
export type FetchStub = Mock<typeof fetch> & {
  /**
   * Answers the calls of `route` (`'POST /api/trial'`; the path alone, or with its query when the route names one)
   * with `status` and `body` (a string as it is, anything else as JSON). Answers given to one route are used in
   * turn, the last one again for every later call; routes are independent, so the order the screen calls them in
   * does not matter.
   */
  answer: (route: string, status: number, body: unknown) => void;
};

type RouteAnswers = { method: string; path: string; hasQuery: boolean; answers: { status: number; body: string }[]; used: number };

const routeOf = (input: Parameters<typeof fetch>[0], init: Parameters<typeof fetch>[1]) => {
  const request = input instanceof Request ? input : undefined;
  const address = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
  const url = new URL(address, 'http://localhost');
  return { method: (init?.method ?? request?.method ?? 'GET').toUpperCase(), pathname: url.pathname, search: url.search };
};

/**
 * A stub of fetch for the calling file's tests: in place during each test (Vitest puts the real one back after it,
 * `unstubGlobals` in vitest.config.ts), its answers and calls forgotten after each. Tests answer by route with
 * `answer`; a call of a route no answer was given for fails the test that made it (after it, with the route named).
 */
export function stubFetch(): FetchStub {
  let routes: RouteAnswers[] = [];
  let unanswered: string[] = [];
  const fetchMock = vi.fn<typeof fetch>() as FetchStub;
  const answerByRoute: typeof fetch = async (input, init) => {
    const call = routeOf(input, init);
    const route = routes.find(
      (candidate) =>
        candidate.method === call.method && candidate.path === (candidate.hasQuery ? call.pathname + call.search : call.pathname),
    );
    if (!route) {
      unanswered.push(`${call.method} ${call.pathname}${call.search}`);
      throw new TypeError(`fetch stub: no answer for ${call.method} ${call.pathname}${call.search}`);
    }
    const { status, body } = route.answers[Math.min(route.used, route.answers.length - 1)]!;
    route.used += 1;
    return new Response(body, { status });
  };
  fetchMock.answer = (route, status, body) => {
    const [method = '', path = ''] = route.split(' ');
    let found = routes.find((candidate) => candidate.method === method.toUpperCase() && candidate.path === path);
    if (!found) {
      found = { method: method.toUpperCase(), path, hasQuery: path.includes('?'), answers: [], used: 0 };
      routes.push(found);
    }
    found.answers.push({ status, body: typeof body === 'string' ? body : JSON.stringify(body) });
  };
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(answerByRoute);
  });
  afterEach(() => {
    const wasAnswering = routes.length > 0;
    const missed = unanswered;
    routes = [];
    unanswered = [];
    fetchMock.mockReset();
    if (wasAnswering) expect(missed, 'calls that no answer was given for').toEqual([]);
  });
  return fetchMock;
}
