/** The conversation's menu: mute, block (member to member) and delete (hides, after a confirmation). */
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Party } from '@shared/answers/messages';
import { Dialog } from '@/components/dialog';
import { failureMessage } from '@/components/form/messages';
import { paths } from '@/config/paths';
import { useDismiss } from '@/hooks/use-dismiss';
import { useBlock, useHideConversation, useMuteConversation } from '../../api/messages';

export function ConversationMenu({ convId, muted, blockable }: { convId: string; muted: boolean; blockable: Party | null }) {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'block' | null>(null);
  const mute = useMuteConversation();
  const hide = useHideConversation();
  const block = useBlock();
  const navigate = useNavigate();
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const error = mute.error ?? hide.error ?? block.error;

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);

  // Open: focus the first item; arrows move, Escape and a click elsewhere close.
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
  }, [open]);
  useDismiss(open, {
    button,
    inside: [menu, button],
    close: () => setOpen(false),
    onKey: (event) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      const list = items();
      const at = list.indexOf(document.activeElement as HTMLButtonElement);
      const next = (at + (event.key === 'ArrowDown' ? 1 : -1) + list.length) % list.length;
      list[next]?.focus();
    },
  });

  /** Closes the menu with focus back on its button (where a dialog then returns it). */
  const choose = (then: () => void) => {
    button.current?.focus();
    setOpen(false);
    then();
  };

  return (
    <div className="relative">
      <button ref={button} type="button" aria-haspopup="menu" aria-expanded={open} aria-controls={open ? menuId : undefined} onClick={() => setOpen((o) => !o)} className="min-h-11 rounded-md border border-gray-300 px-3 text-sm font-medium text-gray-700 hover:bg-gray-100">
        Options
      </button>
      {open ? (
        <ul ref={menu} id={menuId} role="menu" aria-label="Conversation options" className="absolute right-0 z-20 mt-1 w-56 rounded-lg border border-gray-200 bg-white p-1 shadow-lg">
          <li role="none">
            <button role="menuitem" type="button" className="min-h-11 w-full rounded-md px-3 py-2 text-left text-sm hover:bg-gray-100" onClick={() => choose(() => mute.mutate({ convnId: convId, muted: !muted }))}>
              {muted ? 'Unmute this conversation' : 'Mute this conversation'}
            </button>
          </li>
          {blockable ? (
            <li role="none">
              <button role="menuitem" type="button" className="min-h-11 w-full rounded-md px-3 py-2 text-left text-sm text-red-700 hover:bg-red-50" onClick={() => choose(() => setConfirm('block'))}>
                Block {blockable.name}
              </button>
            </li>
          ) : null}
          <li role="none">
            <button role="menuitem" type="button" className="min-h-11 w-full rounded-md px-3 py-2 text-left text-sm text-red-700 hover:bg-red-50" onClick={() => choose(() => setConfirm('delete'))}>
              Delete this conversation
            </button>
          </li>
        </ul>
      ) : null}
      {error ? <p className="absolute right-0 mt-1 w-56 rounded bg-white p-2 text-xs text-red-700 shadow" role="alert">{failureMessage(error)}</p> : null}
      <Dialog
        open={confirm === 'delete'}
        title="Delete this conversation?"
        onClose={() => setConfirm(null)}
        description="It leaves your inbox and its messages so far leave your view. The other side keeps theirs. It comes back if a new message arrives."
      >
        <div className="flex justify-end gap-2">
          <button type="button" onClick={() => setConfirm(null)} className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium">Keep it</button>
          <button
            type="button"
            onClick={() => hide.mutate(convId, { onSuccess: () => void navigate(paths.messages, { state: { notice: 'The conversation was deleted.' } }) })}
            disabled={hide.isPending}
            className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white"
          >
            {hide.isPending ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </Dialog>
      {blockable ? (
        <Dialog
          open={confirm === 'block'}
          title={`Block ${blockable.name}?`}
          onClose={() => setConfirm(null)}
          description="They will not be able to message you, and you will no longer see their posts, comments or listings. They are not told. You can unblock them in your settings."
        >
          <div className="flex justify-end gap-2">
            <button type="button" onClick={() => setConfirm(null)} className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium">Cancel</button>
            <button
              type="button"
              onClick={() => block.mutate({ userId: blockable.id, blocked: true }, { onSuccess: () => void navigate(paths.messages, { state: { notice: `You blocked ${blockable.name}.` } }) })}
              disabled={block.isPending}
              className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white"
            >
              {block.isPending ? 'Blocking…' : 'Block'}
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
