/** "Follow" on a tag's page: a member follows the tag (as a plant they grow); "Following" stops every kind of interest in it. */
import { Button, FormAlert } from '@/components/form/feedback';
import { useFollow, useInterests } from '../api/tags';

export function FollowTag({ userId, tag }: { userId: string; tag: string }) {
  const interests = useInterests(userId);
  const follow = useFollow(userId);
  if (interests.isPending) return <Button variant="secondary" disabled>Follow</Button>;
  if (interests.isError) return null;
  const kinds = interests.data.interests.filter((i) => i.tag.name === tag).map((i) => i.interestType);
  const following = kinds.length > 0;
  const onClick = async () => {
    if (following) {
      for (const interestType of kinds) await follow.mutateAsync({ tags: [tag], interestType, follow: false }).catch(() => undefined);
    } else {
      follow.mutate({ tags: [tag], interestType: 'grow', follow: true });
    }
  };
  return (
    <div className="space-y-2">
      <Button
        variant={following ? 'secondary' : 'primary'}
        aria-pressed={following}
        pending={follow.isPending}
        pendingLabel={following ? 'Unfollowing…' : 'Following…'}
        onClick={() => void onClick()}
      >
        {following ? 'Following' : 'Follow'}
      </Button>
      <FormAlert message={follow.error ? (follow.error as { status?: number }).status === 404 ? 'This tag is not in use yet, so it cannot be followed.' : follow.error.message : null} />
    </div>
  );
}
