import { ROUTES } from '../../../src/lib/routes/route-table';

/** Pages a guest may open today: live routes that need no sign-in. */
export const guestRoutes = ROUTES.filter((route) => route.live && route.access === 'guest');
