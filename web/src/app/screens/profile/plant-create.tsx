/**
 * /profile/plants/create: list a plant (details, availability, photos, tags, who can see it), then
 * its page. A member who may post as one of their pages can list it as the page ("List as");
 * `?page=<id>` (from the page's profile) chooses that page at first.
 */
import { useNavigate, useSearchParams } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { plantHref } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { RegistrationGate } from '@/features/auth/components/registration-gate';
import { Composer } from '@/features/compose/components/composer';
import { useMyPages } from '@/lib/my-pages';
import { isPageStaff } from '@shared/page-roles';

export default function PlantCreateScreen() {
  const navigate = useNavigate();
  const auth = useAuth();
  const [params] = useSearchParams();
  const viewer = auth.user?.uuid ?? '';
  const wanted = params.get('page') ?? undefined;
  const pages = useMyPages(viewer, !!viewer && auth.user?.registration_complete === true);
  // Admins and moderators may list as their pages (the default posting role); a plain member only
  // the page they came from, whose profile offered it (the server checks the page's rule).
  const choices = (pages.data?.pages ?? [])
    .filter((p) => isPageStaff(p.my.role) || (p.my.role === 'member' && p.id === wanted))
    .map((p) => ({ id: p.id, name: p.name }));
  const ready = !wanted || !pages.isPending;
  return (
    <PageShell title="List a plant" description="Add photos and details of a plant to share, swap or sell.">
      <RegistrationGate action="list a plant">
        {ready ? (
          <Composer
            key={choices.map((c) => c.id).join()}
            kind="plant"
            pageChoices={choices}
            initialPageId={choices.some((c) => c.id === wanted) ? wanted : undefined}
            onCreated={(plant) => void navigate(plantHref(plant.id))}
          />
        ) : (
          <div role="status" aria-busy="true" aria-label="Loading…" className="h-96 animate-pulse rounded-xl bg-gray-100" />
        )}
      </RegistrationGate>
    </PageShell>
  );
}
