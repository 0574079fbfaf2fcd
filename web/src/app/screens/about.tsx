/** /about: what the site is, in the admins' words (Markdown), or a short default until they write it. */
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SiteTextPage } from '@/features/site-texts/components/site-text-page';
import { useSite } from '@/lib/site';
import { DEFAULT_SITE } from '@shared/site';

function DefaultAbout() {
  const { data: site } = useSite();
  const name = site?.name || DEFAULT_SITE.name;
  const link = 'font-medium text-primary-800 underline underline-offset-2';
  return (
    <div className="max-w-prose space-y-4 text-gray-800">
      <p>
        {name} is a community for plant lovers: {site?.tagline || DEFAULT_SITE.tagline}. Members share photos of what they grow,
        swap, sell or give away plants and cuttings, join pages for gardens and groups, and meet at events near them.
      </p>
      <p>
        Guests can look around; a free account lets you post, message other growers and follow the plants you love.{' '}
        <Link to={paths.join} className={link}>
          Join the community
        </Link>
        .
      </p>
      <p>
        Read the{' '}
        <Link to={paths.terms} className={link}>
          terms of use
        </Link>{' '}
        and the{' '}
        <Link to={paths.privacy} className={link}>
          privacy policy
        </Link>
        .
      </p>
    </div>
  );
}

export default function AboutScreen() {
  return (
    <SiteTextPage
      name="about"
      title="About"
      description="What this community is for, who runs it and how to reach us."
      fallback={<DefaultAbout />}
    />
  );
}
