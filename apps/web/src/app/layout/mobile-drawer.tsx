// The narrow-screen drawer: the top menu's destinations and, unless the page hides the top bar, the tools.
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { TopBarTools } from './top-bar';
import { MobileNav } from './top-menu';

export interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
  showTools: boolean;
}

export function MobileDrawer({ open, onClose, showTools }: MobileDrawerProps) {
  const { t } = useTranslation('layout');
  return (
    <Drawer open={open} onClose={onClose} placement="right" size={300} title={t('nav.label')}>
      <div className="mobile-drawer" data-testid="mobile-drawer">
        <MobileNav onNavigate={onClose} />
        {showTools ? <TopBarTools vertical /> : null}
      </div>
    </Drawer>
  );
}
