/**
 * "Follow" on a tag's page: a member follows the tag as a plant they grow, and "Following" stops
 * that kind only. The other kinds (swap, learn) are chosen on the interests screen; the line under
 * the button names them, so unfollowing here never takes away what was chosen there.
 */
import { Link } from 'react-router';
import { Button, FormAlert } from '@/components/form/feedback';
import { paths } from '@/config/paths';
import { useFollow, useInterests } from '../api/tags';
import { INTEREST_LABELS } from '../interest-labels';

export function FollowTag({ userId, tag }: { userId: string; tag: string }) {
  const interests = useInterests(userId);
  const follow = useFollow(userId);
  if (interests.isPending) return <Button variant="secondary" disabled>Follow</Button>;
  if (interests.isError) return null;
  const kinds = interests.data.interests.filter((i) => i.tag.name === tag).map((i) => i.interestType);
  const following = kinds.includes('grow');
  const others = kinds.filter((k) => k !== 'grow');
  return (
    <div className="space-y-2">
      <Button
        variant={following ? 'secondary' : 'primary'}
        aria-pressed={following}
        pending={follow.isPending}
        pendingLabel={following ? 'Unfollowing…' : 'Following…'}
        onClick={() => follow.mutate({ tags: [tag], interestType: 'grow', follow: !following })}
      >
        {following ? 'Following' : 'Follow'}
      </Button>
      {others.length ? (
        <p className="text-sm text-gray-600">
          Also in your interests as: {others.map((k) => INTEREST_LABELS[k]).join(', ')}.{' '}
          <Link to={paths.interests} className="font-semibold text-primary-800 underline underline-offset-2">
            Change your interests
          </Link>
        </p>
      ) : null}
      <FormAlert message={follow.error ? (follow.error as { status?: number }).status === 404 ? 'This tag is not in use yet, so it cannot be followed.' : follow.error.message : null} />
    </div>
  );
}
