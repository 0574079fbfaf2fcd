/** The page footer: the site's documents. */
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSiteName } from '@/lib/site';

export function Footer() {
  const siteName = useSiteName();
  return (
    <footer className="mt-12 border-t border-gray-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-gray-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          © {new Date().getFullYear()} {siteName}
        </p>
        <nav aria-label="Site">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            <li>
              <Link className="text-primary-800 underline-offset-2 hover:underline" to={paths.about}>
                About
              </Link>
            </li>
            <li>
              <Link className="text-primary-800 underline-offset-2 hover:underline" to={paths.join}>
                Join
              </Link>
            </li>
            <li>
              <Link className="text-primary-800 underline-offset-2 hover:underline" to={paths.contact}>
                Contact
              </Link>
            </li>
            <li>
              <Link className="text-primary-800 underline-offset-2 hover:underline" to={paths.terms}>
                Terms of use
              </Link>
            </li>
            <li>
              <Link className="text-primary-800 underline-offset-2 hover:underline" to={paths.privacy}>
                Privacy policy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
