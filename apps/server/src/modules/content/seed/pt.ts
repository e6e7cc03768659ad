import type { SeedTexts } from './seed-types';

export const seedPt: SeedTexts = {
  categories: {
    guides: 'Guias',
    getting_started: 'Primeiros passos',
    fees_and_rules: 'Taxas e regras',
    legal: 'Termos legais',
    risk: 'Avisos de risco',
  },
  items: {
    getting_started_guide: {
      title: 'Primeiros passos',
      summary: 'Abra uma conta, proteja-a, deposite, negocie e levante em cinco passos.',
      markdown: `## 1. Abra uma conta
Registe-se com o seu e-mail ou número de telefone e uma palavra-passe de 6 a 20 caracteres. O código de convite é opcional.

## 2. Proteja-a
Nas definições de segurança defina uma **palavra-passe de fundos** (é obrigatória antes de qualquer levantamento) e, se quiser, uma aplicação de autenticação. Verifique a lista de dispositivos de vez em quando e termine a sessão dos que não reconhece.

## 3. Deposite
Escolha *Depósito*, selecione a moeda e envie-a para o endereço indicado. O depósito é creditado quando a rede o confirma.

## 4. Negocie
Abra *Negociar* e coloque uma ordem limitada ou de mercado. As taxas estão na [tabela de taxas](/article/main/index).

## 5. Levante
Escolha *Levantamento*, introduza o endereço e o montante e confirme com a palavra-passe de fundos. A taxa é mostrada antes de enviar. Os levantamentos são creditados em 24 horas.

Dúvidas? Abra o apoio ao cliente online na barra superior.`,
    },
    fee_schedule: {
      title: 'Tabela de taxas',
      summary: 'Quanto custam negociações, trocas, depósitos e levantamentos.',
      markdown: `| Serviço | Taxa |
|---|---|
| Negociação à vista, maker | {{spotMakerFee}} do que recebe |
| Negociação à vista, taker | {{spotTakerFee}} do que recebe |
| Troca | {{swapFee}} do montante recebido |
| Depósito | grátis |
| Levantamento | taxa fixa por moeda, mostrada no formulário antes de enviar |

De cada taxa, {{securityFundShare}} vai para o fundo de segurança de ativos e {{feeRevenueShare}} para a receita de taxas da plataforma (ver *Regra do fundo de segurança*).

Não há outras cobranças: nenhuma taxa é retirada do seu saldo sem uma negociação, troca ou levantamento feito por si.`,
    },
    security_fund_rule: {
      title: 'Regra do fundo de segurança',
      summary: '10 por cento de todas as taxas de transação vão para o fundo de segurança de ativos.',
      markdown: `Cada taxa cobrada pela plataforma é dividida no momento em que é registada: **{{securityFundShare}}** é creditado ao fundo de segurança de ativos e **{{feeRevenueShare}}** à receita de taxas. A divisão é uma regra de lançamento do livro-razão, por isso acontece em todas as taxas, sem exceção.

O fundo é uma conta de sistema do livro-razão. O seu saldo é mostrado na página inicial e faz parte de cada instantâneo publicado da prova de passivos, por isso qualquer pessoa pode verificar que cresce com a negociação.

O fundo existe para cobrir perdas de utilizadores causadas por uma falha da plataforma. Nunca é usado para pagar os custos de funcionamento da plataforma.`,
    },
    risk_disclosure: {
      title: 'Divulgação de riscos',
      summary: 'Os ativos digitais são voláteis; pode perder todo o dinheiro que investir.',
      markdown: `- Os preços dos ativos digitais podem subir ou descer bruscamente em minutos. Pode perder todo o dinheiro que investir.
- Os contratos de segundos e os contratos alavancados multiplicam ganhos e perdas. Use apenas dinheiro que pode perder.
- Rendimentos passados de qualquer produto não prometem rendimentos futuros. Nada nesta plataforma é aconselhamento de investimento.
- As liquidações usam o preço de índice público que todos os utilizadores veem; ninguém pode definir um preço ou um resultado à mão.
- O controlo automático de risco, a mineração automática e o financiamento de conta **não estão ativados**.
- Alguns produtos podem não estar disponíveis no seu país e o operador pode desativá-los.`,
    },
    terms_of_service: {
      title: 'Termos de serviço',
      summary: 'As regras de utilização da plataforma.',
      markdown: `## A sua conta
Tem de ser maior de idade e estar autorizado a usar serviços de ativos digitais onde vive. Guarde em segurança a palavra-passe, a palavra-passe de fundos e os seus dispositivos; as ações feitas com eles contam como suas.

## Uso correto
Não use a plataforma para branqueamento de capitais, fraude, manipulação de mercado ou para contornar sanções. Podemos pedir certificação de identidade e suspender contas que violem estas regras.

## Taxas e levantamentos
As taxas são as da tabela de taxas, mostradas antes de confirmar. Um levantamento com saldo suficiente, revisão aprovada e palavra-passe de fundos válida é pago; é creditado em 24 horas e tem uma taxa de processamento. Nenhuma condição oculta o bloqueia.

## Preços
As ordens são executadas no livro de ordens; os contratos liquidam ao preço de índice público. O operador não pode alterar preços nem resultados.

## Alterações
Anunciamos alterações a estes termos num aviso antes de entrarem em vigor.`,
    },
    privacy_policy: {
      title: 'Política de privacidade',
      summary: 'O que recolhemos, porquê e como é protegido.',
      markdown: `## O que recolhemos
O nome da conta, e-mail ou número de telefone, os documentos de identidade que envia para certificação, os dados bancários que introduz e um registo de acessos e dispositivos.

## Porquê
Para gerir a sua conta, cumprir obrigações legais (verificação de identidade), protegê-lo (alertas de novo dispositivo, prevenção de fraude) e responder-lhe no apoio ao cliente.

## Como é protegido
As palavras-passe são guardadas apenas como hashes unidirecionais fortes, os tokens de sessão apenas como hashes, e as imagens enviadas só são mostradas a si e a pessoal autorizado. As ações do pessoal ficam num registo de auditoria à prova de adulteração.

## Partilha
Não vendemos os seus dados. Só os partilhamos quando a lei o exige.

## Os seus direitos
Pode ver e corrigir os seus dados no centro de utilizador e pedir ao apoio ao cliente uma cópia ou a eliminação, quando a lei o permitir.`,
    },
    risk_notice: {
      title: 'Aviso de risco: negoceie com dinheiro que pode perder',
      summary: 'Os preços dos ativos digitais são voláteis. Os contratos multiplicam ganhos e perdas.',
      markdown:
        'Os preços dos ativos digitais são voláteis e os contratos multiplicam ganhos e perdas. Leia a [divulgação de riscos](/article/main/index) antes de negociar. Nunca lhe pediremos a palavra-passe nem códigos de verificação.',
    },
    welcome: {
      title: 'Bem-vindo à {{brand}}',
      summary:
        'Uma corretora que pode verificar: saldo do fundo público, provas de passivos, sem manipulação de preços.',
      markdown: `A {{brand}} foi feita para que a possa verificar: o saldo do fundo de segurança de ativos é público, os seus saldos estão incluídos em provas de passivos publicadas que pode verificar sozinho, e nenhum operador pode definir um preço ou um resultado.

Comece pelo guia *Primeiros passos* no centro de ajuda.`,
    },
  },
};
