import type { SeedTexts } from './seed-types';

export const seedEs: SeedTexts = {
  categories: {
    guides: 'Guías',
    getting_started: 'Primeros pasos',
    fees_and_rules: 'Comisiones y reglas',
    legal: 'Legal',
    risk: 'Avisos de riesgo',
  },
  items: {
    getting_started_guide: {
      title: 'Primeros pasos',
      summary: 'Abre una cuenta, protégela, deposita, opera y retira en cinco pasos.',
      markdown: `## 1. Abre una cuenta
Regístrate con tu correo electrónico o número de teléfono y una contraseña de 6 a 20 caracteres. El código de invitación es opcional.

## 2. Protégela
En los ajustes de seguridad establece una **contraseña de fondos** (es obligatoria antes de cualquier retiro) y, si quieres, una aplicación de autenticación. Revisa de vez en cuando la lista de dispositivos y cierra la sesión de los que no reconozcas.

## 3. Deposita
Elige *Depositar*, selecciona la moneda y envíala a la dirección indicada. El depósito se abona cuando la red lo confirma.

## 4. Opera
Abre *Operar* y coloca una orden limitada o de mercado. Las comisiones están en la [tabla de comisiones](/article/main/index).

## 5. Retira
Elige *Retirar*, introduce la dirección y el importe y confirma con tu contraseña de fondos. La comisión se muestra antes de enviar. Los retiros se abonan en 24 horas.

¿Dudas? Abre la atención al cliente en línea desde la barra superior.`,
    },
    fee_schedule: {
      title: 'Tabla de comisiones',
      summary: 'Lo que cuestan las operaciones, los intercambios, los depósitos y los retiros.',
      markdown: `| Servicio | Comisión |
|---|---|
| Operación al contado, maker | {{spotMakerFee}} de lo que recibes |
| Operación al contado, taker | {{spotTakerFee}} de lo que recibes |
| Intercambio | {{swapFee}} del importe recibido |
| Depósito | gratis |
| Retiro | una comisión fija por moneda, mostrada en el formulario antes de enviar |

De cada comisión, el {{securityFundShare}} va al fondo de seguridad de activos y el {{feeRevenueShare}} a los ingresos por comisiones de la plataforma (ver *Regla del fondo de seguridad*).

No hay otros cargos: nunca se cobra una comisión de tu saldo sin una operación, intercambio o retiro que hayas hecho tú.`,
    },
    security_fund_rule: {
      title: 'Regla del fondo de seguridad',
      summary: 'El 10 por ciento de todas las comisiones va al fondo de seguridad de activos.',
      markdown: `Cada comisión que cobra la plataforma se divide al registrarla: el **{{securityFundShare}}** se abona al fondo de seguridad de activos y el **{{feeRevenueShare}}** a los ingresos por comisiones. La división es una regla contable del libro mayor, así que se aplica a cada comisión, sin excepción.

El fondo es una cuenta de sistema del libro mayor. Su saldo se muestra en la página de inicio y forma parte de cada instantánea publicada de la prueba de pasivos, así que cualquiera puede comprobar que crece con la actividad.

El fondo sirve para cubrir pérdidas de usuarios causadas por un fallo de la plataforma. Nunca se usa para pagar los gastos de funcionamiento de la plataforma.`,
    },
    risk_disclosure: {
      title: 'Divulgación de riesgos',
      summary: 'Los activos digitales son volátiles; puedes perder todo el dinero que inviertas.',
      markdown: `- Los precios de los activos digitales pueden subir o bajar bruscamente en minutos. Puedes perder todo el dinero que inviertas.
- Los contratos por segundos y los contratos apalancados multiplican tanto las ganancias como las pérdidas. Usa solo dinero que puedas permitirte perder.
- Los rendimientos pasados de un producto no prometen rendimientos futuros. Nada en esta plataforma es asesoramiento de inversión.
- Las liquidaciones usan el precio de índice público que ven todos los usuarios; nadie puede fijar un precio o un resultado a mano.
- El control automático de riesgos, la minería automática y la financiación de cuentas **no están activados**.
- Algunos productos pueden no estar disponibles en tu país y el operador puede desactivarlos.`,
    },
    terms_of_service: {
      title: 'Términos del servicio',
      summary: 'Las reglas para usar la plataforma.',
      markdown: `## Tu cuenta
Debes ser mayor de edad y poder usar servicios de activos digitales donde vives. Guarda bien tu contraseña, tu contraseña de fondos y tus dispositivos; lo que se haga con ellos cuenta como hecho por ti.

## Uso correcto
No uses la plataforma para blanqueo de capitales, fraude, manipulación del mercado ni para eludir sanciones. Podemos pedirte una certificación de identidad y suspender las cuentas que incumplan estas reglas.

## Comisiones y retiros
Las comisiones son las de la tabla de comisiones y se muestran antes de confirmar. Un retiro con saldo suficiente, revisión aprobada y contraseña de fondos válida se paga; se abona en 24 horas y lleva una comisión de gestión. Ninguna condición oculta lo bloquea.

## Precios
Las órdenes se casan en el libro de órdenes; los contratos se liquidan al precio de índice público. El operador no puede alterar precios ni resultados.

## Cambios
Anunciamos los cambios de estos términos en un aviso antes de que se apliquen.`,
    },
    privacy_policy: {
      title: 'Política de privacidad',
      summary: 'Qué recogemos, por qué y cómo se protege.',
      markdown: `## Qué recogemos
Tu nombre de cuenta, correo o teléfono, los documentos de identidad que subes para la certificación, los datos bancarios que introduces y un registro de inicios de sesión y dispositivos.

## Para qué
Para gestionar tu cuenta, cumplir obligaciones legales (verificación de identidad), protegerte (avisos de nuevos dispositivos, prevención del fraude) y responderte en atención al cliente.

## Cómo se protege
Las contraseñas se guardan solo como hashes unidireccionales robustos, los tokens de sesión solo como hashes, y las imágenes subidas solo las ves tú y el personal autorizado. Las acciones del personal quedan en un registro de auditoría a prueba de manipulaciones.

## Compartir
No vendemos tus datos. Solo los compartimos cuando la ley lo exige.

## Tus derechos
Puedes ver y corregir tus datos en el centro de usuario y pedir a atención al cliente una copia o su eliminación cuando la ley lo permita.`,
    },
    risk_notice: {
      title: 'Aviso de riesgo: opera con dinero que puedas permitirte perder',
      summary:
        'Los precios de los activos digitales son volátiles. Los contratos multiplican ganancias y pérdidas.',
      markdown:
        'Los precios de los activos digitales son volátiles y los contratos multiplican tanto las ganancias como las pérdidas. Lee la [divulgación de riesgos](/article/main/index) antes de operar. Nunca te pediremos tu contraseña ni códigos de verificación.',
    },
    welcome: {
      title: 'Bienvenido a {{brand}}',
      summary:
        'Un exchange que puedes comprobar: saldo del fondo público, pruebas de pasivos, sin manipulación de precios.',
      markdown: `{{brand}} está hecho para que puedas comprobarlo: el saldo del fondo de seguridad de activos es público, tus saldos están incluidos en pruebas de pasivos publicadas que puedes verificar tú mismo, y ningún operador puede fijar un precio o un resultado.

Empieza por la guía *Primeros pasos* del centro de ayuda.`,
    },
  },
};
