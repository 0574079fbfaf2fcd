/** /nearby/plants: plants near the member. Arrives with the nearby feature; until then, recent plants. */
import { Link } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { paths } from '@/config/paths';

export default function NearbyPlantsScreen() {
  return (
    <PageShell title="Plants near you" description="Plant listings from growers close to you.">
      <section className="rounded-xl border border-dashed border-gray-300 bg-white p-5 shadow-sm">
        <p className="text-gray-800">Plants near you arrive with the nearby feature.</p>
        <p className="mt-3">
          <Link to={paths.recentPlants} className="font-semibold text-primary-800 underline underline-offset-2 hover:text-primary-900">
            Browse recent plants
          </Link>
        </p>
      </section>
    </PageShell>
  );
}
