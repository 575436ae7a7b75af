export { useChatLauncher } from './ChatLauncher';
export { ChatPreview } from './ChatPreview';
