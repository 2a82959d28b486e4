/**
 * How an HR reaches a job seeker from where they work (the applicants, the talent search, a
 * résumé, the interview invitations): 在线沟通 opens <zp-chat> on that person (the widget applies
 * the company-approval rule), 发起视频面试 opens an interview room with them invited.
 */
import { Button } from '@zp/ui';
import { openConversation } from '@zp/core/chat-open';
import { GuardedButton } from '../common/ClickGuard';
import { startVideoInterview } from '../video/start';

export function ReachSeeker({ seekerId, video = true, block = false }: { seekerId: string; video?: boolean; block?: boolean }) {
  return (
    <>
      <Button block={block} onClick={() => openConversation(seekerId)}>在线沟通</Button>
      {video ? (
        <GuardedButton block={block} onClick={() => void startVideoInterview(seekerId)}>
          发起视频面试
        </GuardedButton>
      ) : null}
    </>
  );
}
