import { Button } from '@zp/ui';
import { GuardedButton } from '../common/ClickGuard';

/**
 * The console's actions on one listed item (a notice, a banner, a partner site): 编辑, a switch
 * that names what it will do (发布/撤下, 启用/停用), 删除.
 */
export function CardActions({ onEdit, on, turnOn, turnOff, onToggle, onRemove }: {
  onEdit: () => void;
  /** whether the item is live now (published, enabled) */
  on: boolean;
  turnOn: string;
  turnOff: string;
  onToggle: () => void;
  onRemove: () => void;
}) {
  return (
    <div className="hr-actions">
      <Button onClick={onEdit}>编辑</Button>
      <GuardedButton variant={on ? 'default' : 'primary'} onClick={onToggle}>
        {on ? turnOff : turnOn}
      </GuardedButton>
      <GuardedButton variant="text" onClick={onRemove}>
        删除
      </GuardedButton>
    </div>
  );
}
