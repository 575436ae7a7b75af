import { Mic, Send } from 'lucide-react';
import { useContext, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_GREETING } from '../../../contracts/chat';
import { Button } from '../../components/ui/button';
import { DialogContent } from '../../components/ui/dialog';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { errorMessage } from '../../lib/api';
import { useSpeechRecognition } from '../../lib/use-speech-recognition';
import { useChatHistory, useSendChat } from './api';
import { ChatControlsContext, ChatTripContext } from './chat-context';
import { Message } from './Message';
import { ProposalCard } from './ProposalCard';

/**
 * Spec §2: the assistant's chat panel (rendered inside a Dialog root by ChatLauncher). On the
 * planner, each message names the selected trip, and the panel says so under its title.
 */
export default function ChatPanel() {
  const trip = useContext(ChatTripContext);
  const { closeChat } = useContext(ChatControlsContext);
  const history = useChatHistory(true);
  const send = useSendChat();
  const [draft, setDraft] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [openedAt] = useState(() => new Date().toISOString());
  const endRef = useRef<HTMLLIElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const voice = useSpeechRecognition((transcript) => setDraft(transcript));
  // The assistant answers on the server (the built-in one too): offline a message can be written
  // but not sent, and stays in the box until the connection returns.
  const connection = useNeedsConnection();

  const messages = history.data ?? [];
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, send.isPending]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const message = draft.trim();
    if (!message || send.isPending || !connection.online) return;
    setDraft('');
    setAnnouncement('');
    send.mutate(trip ? { message, plannerId: trip.id } : { message }, {
      // Each reply is announced once, when it is complete.
      onSuccess: (answer) => setAnnouncement(`Beth says: ${answer.response}`),
      onError: () => setDraft(message),
    });
  }

  // The card's buttons go away once it is decided: focus moves on to the message box.
  function afterDecision(outcome: string) {
    setAnnouncement(outcome);
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <DialogContent
      title={
        <span className="flex flex-col">
          Beth
          <span className="text-sm font-normal text-slate-700">AI Travel Assistant</span>
        </span>
      }
      description={trip ? <TripLine title={trip.title} /> : undefined}
      size="2xl"
      className="flex h-[min(90dvh,38rem)] flex-col"
      // The message box is where a visitor starts, by keyboard or screen reader.
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        inputRef.current?.focus();
      }}
    >
      <ol
        aria-label="Conversation"
        // A scrollable region must take focus so keyboard users can scroll it (axe).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="-mx-2 min-h-40 flex-1 space-y-3 overflow-y-auto px-2 pb-2"
      >
        <Message
          author="beth"
          content={CHAT_GREETING}
          timestamp={messages[0]?.timestamp ?? openedAt}
        />
        {messages.map((m) => (
          <Message
            key={m.id}
            author={m.role}
            content={m.content}
            timestamp={m.timestamp}
            onNavigate={closeChat}
          >
            {m.proposal ? (
              <ProposalCard
                messageId={m.id}
                proposal={m.proposal}
                onDecided={afterDecision}
                onNavigate={closeChat}
              />
            ) : null}
          </Message>
        ))}
        {send.isPending ? (
          <li className="flex items-center gap-1" aria-hidden="true" data-testid="typing-indicator">
            {[0, 1, 2].map((i) => (
              <span
                key={i}
                className="size-2 rounded-full bg-slate-500 motion-safe:animate-bounce"
                style={{ animationDelay: `${i * 150}ms` }}
              />
            ))}
          </li>
        ) : null}
        <li ref={endRef} aria-hidden="true" />
      </ol>
      <p role="status" className="sr-only">
        {send.isPending ? 'Beth is typing…' : announcement}
      </p>
      {history.isError ? (
        <p className="text-sm text-red-800">Your earlier messages could not be loaded.</p>
      ) : null}
      {send.isError ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          Your message was not sent: {errorMessage(send.error, 'the server could not be reached')}.
          It is back in the box to try again.
        </p>
      ) : null}
      {/* With a large font on a phone, the box takes a row of its own above the buttons. */}
      <form
        onSubmit={submit}
        className="mt-2 flex flex-wrap items-end justify-end gap-2 border-t border-slate-200 pt-3"
      >
        <label htmlFor="chat-input" className="sr-only">
          Message Beth
        </label>
        <textarea
          id="chat-input"
          ref={inputRef}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          maxLength={2000}
          aria-describedby={connection.noteId}
          placeholder="Ask about destinations, needs, budgets or safety…"
          className="min-h-11 min-w-0 flex-[1_1_8rem] resize-none rounded-md border border-slate-500 px-3 py-2"
        />
        {voice.state !== 'unsupported' ? (
          <Button
            variant={voice.state === 'listening' ? 'destructive' : 'secondary'}
            size="icon"
            aria-label={voice.state === 'listening' ? 'Stop listening' : 'Speak your message'}
            onClick={voice.state === 'listening' ? voice.stop : voice.start}
          >
            <Mic aria-hidden="true" className="size-5" />
          </Button>
        ) : null}
        {/* Offline it stays focusable (aria-disabled), so that what it needs can be read. */}
        <Button
          type="submit"
          size="icon"
          aria-label="Send"
          disabled={connection.online && (!draft.trim() || send.isPending)}
          {...connection.button()}
        >
          <Send aria-hidden="true" className="size-5" />
        </Button>
      </form>
      {connection.note}
    </DialogContent>
  );
}

/** Under the title on the planner: which trip "this trip", "the hotels" and "add…" are about. */
function TripLine({ title }: { title: string }) {
  return (
    <span className="block text-sm wrap-anywhere">
      Asking about your trip <strong className="font-semibold text-slate-900">{title}</strong>
    </span>
  );
}
