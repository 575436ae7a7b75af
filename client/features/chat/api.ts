import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatResponse } from '../../../contracts/chat';
import { apiRequest } from '../../lib/api';

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
