import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatResponse, ProposalDecision } from '../../../contracts/chat';
import { ApiError, apiRequest } from '../../lib/api';

export const chatHistoryQuery = queryOptions<ChatMessage[]>({ queryKey: ['/api/chat'] });

export function useChatHistory(enabled: boolean) {
  return useQuery({ ...chatHistoryQuery, enabled });
}

export function useSendChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => apiRequest<ChatResponse>('POST', '/api/chat', { message }),
    onSuccess: (answer) =>
      queryClient.setQueryData<ChatMessage[]>(chatHistoryQuery.queryKey, (old = []) => [
        ...old,
        answer.userMessage,
        answer.reply,
      ]),
  });
}

/** The visitor applies or discards an item the assistant proposed; the server makes the item. */
export function useDecideProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, action }: { messageId: string } & ProposalDecision) =>
      apiRequest<{ message: ChatMessage }>(
        'POST',
        `/api/chat/messages/${encodeURIComponent(messageId)}/proposal`,
        { action },
      ),
    onSuccess: ({ message }) =>
      queryClient.setQueryData<ChatMessage[]>(chatHistoryQuery.queryKey, (old = []) =>
        old.map((m) => (m.id === message.id ? message : m)),
      ),
    // Decided meanwhile (another tab): show what it became.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: chatHistoryQuery.queryKey });
      }
    },
  });
}
