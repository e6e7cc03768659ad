// The app's own button for the start-up path (layout, home), drawn like antd's Button (default, primary
// and text types, large size, icon, block, loading) with the --app-* theme variables, so the first page
// needs no antd. Lazily loaded screens that already use antd forms keep antd's Button.
import { LoadingOutlined } from '@ant-design/icons';
import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import './button.css';

export type AppButtonVariant = 'default' | 'primary' | 'text';

export interface AppButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** Like antd's `type`: outlined 'default', solid 'primary' or borderless 'text'. */
  variant?: AppButtonVariant;
  size?: 'middle' | 'large';
  icon?: ReactNode;
  /** Fills the width of its container. */
  block?: boolean;
  /** Shows a spinner and ignores clicks. */
  loading?: boolean;
  htmlType?: 'button' | 'submit' | 'reset';
}

// antd puts a space between exactly two Chinese characters on bordered buttons without an icon ("重 试").
const TWO_CHINESE_CHARS = /^[\u4E00-\u9FA5]{2}$/;

function content(children: ReactNode, spaceChinese: boolean): ReactNode {
  if (typeof children === 'number') return <span>{children}</span>;
  if (typeof children !== 'string') return children;
  return (
    <span>{spaceChinese && TWO_CHINESE_CHARS.test(children) ? children.split('').join(' ') : children}</span>
  );
}

function buttonClassName({
  variant = 'default',
  size = 'middle',
  iconOnly = false,
  block = false,
  loading = false,
  className,
}: {
  variant?: AppButtonVariant;
  size?: 'middle' | 'large';
  iconOnly?: boolean;
  block?: boolean;
  loading?: boolean;
  className?: string | undefined;
}): string {
  return [
    'app-btn',
    `app-btn--${variant}`,
    size === 'large' ? 'app-btn--lg' : '',
    iconOnly ? 'app-btn--icon-only' : '',
    block ? 'app-btn--block' : '',
    loading ? 'app-btn--loading' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function AppButton({
  variant = 'default',
  size = 'middle',
  icon,
  block = false,
  loading = false,
  htmlType = 'button',
  className,
  children,
  onClick,
  ...rest
}: AppButtonProps) {
  const iconNode = loading ? <LoadingOutlined /> : icon;
  const hasContent = children !== undefined && children !== null && children !== false && children !== '';
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      type={htmlType}
      className={buttonClassName({
        variant,
        size,
        iconOnly: !hasContent && Boolean(iconNode),
        block,
        loading,
        className,
      })}
      onClick={handleClick}
    >
      {iconNode ? <span className="app-btn__icon">{iconNode}</span> : null}
      {hasContent ? content(children, !icon && variant !== 'text') : null}
    </button>
  );
}
