import { SettingOutlined } from '@ant-design/icons';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppButton } from './button';

const html = (element: React.ReactElement) => renderToStaticMarkup(element);

describe('AppButton', () => {
  it('is a type="button" with antd-like classes for type, size and width', () => {
    const markup = html(
      <AppButton variant="primary" size="large" block data-testid="b">
        Go
      </AppButton>,
    );
    expect(markup).toBe(
      '<button data-testid="b" type="button" class="app-btn app-btn--primary app-btn--lg app-btn--block"><span>Go</span></button>',
    );
    expect(html(<AppButton htmlType="submit">Go</AppButton>)).toContain('type="submit"');
  });

  it('is icon-only without content, and keeps element content as given', () => {
    expect(html(<AppButton variant="text" icon={<SettingOutlined />} />)).toContain(
      'class="app-btn app-btn--text app-btn--icon-only"',
    );
    const labelled = html(
      <AppButton variant="text" icon={<SettingOutlined />}>
        <span className="label">Settings</span>
      </AppButton>,
    );
    expect(labelled).not.toContain('icon-only');
    expect(labelled).toContain('<span class="app-btn__icon">');
    expect(labelled).toContain('<span class="label">Settings</span>');
  });

  it('spaces two Chinese characters like antd, only on bordered buttons without an icon', () => {
    expect(html(<AppButton>重试</AppButton>)).toContain('<span>重 试</span>');
    expect(html(<AppButton variant="text">重试</AppButton>)).toContain('<span>重试</span>');
    expect(html(<AppButton icon={<SettingOutlined />}>重试</AppButton>)).toContain('<span>重试</span>');
    expect(html(<AppButton>联系客服</AppButton>)).toContain('<span>联系客服</span>');
  });

  it('shows a spinner while loading', () => {
    const markup = html(<AppButton loading>Retry</AppButton>);
    expect(markup).toContain('app-btn--loading');
    expect(markup).toContain('anticon-loading');
  });
});
