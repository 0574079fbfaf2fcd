/** The notifications list's query key: the panel's and the live provider's (which must not load the panel's calls). */
export const notificationsQueryKey = ['notifications', 'list'] as const;
