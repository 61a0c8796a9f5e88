/**
 * What a plugin remote may import from `react-router` (see mantine-core.ts). The shell renders a
 * `BrowserRouter`: the declarative API is what a remote screen uses below its `basePath`; data
 * routers, loaders and the server parts are not part of it.
 */
export {
  Link, NavLink, Navigate, Outlet, Route, Routes, generatePath, matchPath, useHref, useInRouterContext,
  useLocation, useMatch, useNavigate, useOutletContext, useParams, useResolvedPath, useSearchParams,
} from 'react-router';
