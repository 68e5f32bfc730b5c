/** Query key factory: every TanStack Query key of the app, so invalidation names exact keys. */
export const queryKeys = {
  pages: {
    all: ['pages'] as const,
    byUrl: (url: string) => ['pages', 'byUrl', url.toLowerCase()] as const,
  },
  menu: {
    all: ['menu'] as const,
    /** Keyed by the signed-in user: the menu reloads whenever the current user changes (spec §4). */
    items: (userName: string | null) => ['menu', 'items', userName ?? ''] as const,
  },
  mailbox: {
    all: ['mailbox'] as const,
    list: (to: string) => ['mailbox', 'list', to] as const,
  },
};
