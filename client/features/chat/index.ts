export { ChatLauncher } from './ChatLauncher';
export { ChatPreview } from './ChatPreview';
export { useChatTrip, useOpenChat, type ChatTrip } from './chat-context';
