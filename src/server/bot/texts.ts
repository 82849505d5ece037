import type { ReviewKind } from '../../contract/index.js';
import type { MessageKind } from '../storage/messages.js';

/** What the bot writes, in Korean as buyers read it. A member is told that a review earns points. */
export function messageText(
  kind: MessageKind,
  to: { name: string; member: boolean },
  carrier?: { name: string; tracking: string },
): string {
  const invitation = to.member ? '리뷰를 남겨 주시면 적립금을 드려요.' : '리뷰로 의견을 들려주세요.';
  switch (kind) {
    case 'shipment':
      return `${to.name}님, 주문하신 상품을 보내 드렸어요.\n${carrier?.name ?? ''} 운송장번호 ${carrier?.tracking ?? ''}`;
    case 'thanks':
      return `${to.name}님, 구매해 주셔서 감사합니다. 받으신 상품은 마음에 드셨나요?\n${invitation}`;
    case 'review_request':
      return `${to.name}님, 상품은 잘 받으셨나요?\n${invitation}`;
  }
}

const REVIEW_NAMES: Record<ReviewKind, string> = { text: '텍스트', photo: '포토', video: '동영상' };

/** The reason shown with a reward: the kind of review and the product. */
export function rewardReason(kind: ReviewKind, productName: string): string {
  return `${REVIEW_NAMES[kind]} 리뷰 적립 · ${productName}`;
}
