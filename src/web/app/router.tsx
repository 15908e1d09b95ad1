import { createBrowserRouter } from 'react-router';
import { routeTree } from './route-tree';

/** The app's router, on the browser's address bar. */
export const router = createBrowserRouter(routeTree);
