// The frame of the sign-in pages (login, register, reset): a centred card that fills a phone's width
// and stays readable on a desktop.
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  testId?: string;
}

export function AuthCard({ title, subtitle, footer, children, testId }: AuthCardProps) {
  return (
    <Flex justify="center" style={{ padding: 'clamp(12px, 4vw, 48px) 12px' }} data-testid={testId}>
      <Card style={{ width: '100%', maxWidth: 440 }} styles={{ body: { padding: 'clamp(16px, 4vw, 32px)' } }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {subtitle ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
            {subtitle}
          </Typography.Paragraph>
        ) : null}
        {children}
        {footer ? <div style={{ marginTop: 16 }}>{footer}</div> : null}
      </Card>
    </Flex>
  );
}
