import type { SeedTexts } from './seed-types';

export const seedIt: SeedTexts = {
  categories: {
    guides: 'Guide',
    getting_started: 'Primi passi',
    fees_and_rules: 'Commissioni e regole',
    legal: 'Note legali',
    risk: 'Avvisi di rischio',
  },
  items: {
    getting_started_guide: {
      title: 'Primi passi',
      summary: 'Apri un conto, proteggilo, deposita, fai trading e preleva in cinque passi.',
      markdown: `## 1. Apri un conto
Registrati con il tuo indirizzo e-mail o numero di telefono e una password da 6 a 20 caratteri. Il codice invito è facoltativo.

## 2. Proteggilo
Nelle impostazioni di sicurezza imposta una **password dei fondi** (obbligatoria prima di ogni prelievo) e, se vuoi, un'app di autenticazione. Controlla ogni tanto l'elenco dei dispositivi e disconnetti quelli che non riconosci.

## 3. Deposita
Scegli *Deposito*, seleziona la moneta e inviala all'indirizzo indicato. Il deposito viene accreditato quando la rete lo conferma.

## 4. Fai trading
Apri *Trading* e inserisci un ordine limite o a mercato. Le commissioni sono nella [tabella delle commissioni](/article/main/index).

## 5. Preleva
Scegli *Prelievo*, inserisci indirizzo e importo e conferma con la password dei fondi. La commissione è mostrata prima dell'invio. I prelievi sono accreditati entro 24 ore.

Domande? Apri l'assistenza clienti online dalla barra in alto.`,
    },
    fee_schedule: {
      title: 'Tabella delle commissioni',
      summary: 'Quanto costano trading, scambi, depositi e prelievi.',
      markdown: `| Servizio | Commissione |
|---|---|
| Trading spot, maker | {{spotMakerFee}} di ciò che ricevi |
| Trading spot, taker | {{spotTakerFee}} di ciò che ricevi |
| Scambio | {{swapFee}} dell'importo ricevuto |
| Deposito | gratuito |
| Prelievo | una commissione fissa per moneta, mostrata nel modulo prima dell'invio |

Di ogni commissione, il {{securityFundShare}} va al fondo di sicurezza degli asset e il {{feeRevenueShare}} ai ricavi da commissioni della piattaforma (vedi *Regola del fondo di sicurezza*).

Non ci sono altri addebiti: nessuna commissione viene mai prelevata dal tuo saldo senza un trade, uno scambio o un prelievo fatto da te.`,
    },
    security_fund_rule: {
      title: 'Regola del fondo di sicurezza',
      summary: 'Il 10 per cento di tutte le commissioni va al fondo di sicurezza degli asset.',
      markdown: `Ogni commissione incassata dalla piattaforma viene divisa al momento della registrazione: il **{{securityFundShare}}** è accreditato al fondo di sicurezza degli asset e il **{{feeRevenueShare}}** ai ricavi da commissioni. La divisione è una regola contabile del registro, quindi vale per ogni singola commissione, senza eccezioni.

Il fondo è un conto di sistema del registro. Il suo saldo è mostrato nella pagina iniziale e fa parte di ogni istantanea pubblicata della prova delle passività, così chiunque può verificare che cresce con gli scambi.

Il fondo serve a coprire le perdite degli utenti causate da un guasto della piattaforma. Non viene mai usato per pagare i costi di gestione della piattaforma.`,
    },
    risk_disclosure: {
      title: 'Informativa sui rischi',
      summary: 'Gli asset digitali sono volatili; puoi perdere tutto il denaro investito.',
      markdown: `- I prezzi degli asset digitali possono salire o scendere bruscamente in pochi minuti. Puoi perdere tutto il denaro investito.
- I contratti a secondi e i contratti con leva moltiplicano sia i guadagni sia le perdite. Usa solo denaro che puoi permetterti di perdere.
- I rendimenti passati di un prodotto non promettono rendimenti futuri. Nulla su questa piattaforma è consulenza finanziaria.
- I regolamenti usano il prezzo indice pubblico che vedono tutti gli utenti; nessuno può fissare a mano un prezzo o un esito.
- Il controllo automatico del rischio, il mining automatico e il finanziamento del conto **non sono attivi**.
- Alcuni prodotti potrebbero non essere disponibili nel tuo paese e l'operatore può disattivarli.`,
    },
    terms_of_service: {
      title: 'Termini di servizio',
      summary: 'Le regole per usare la piattaforma.',
      markdown: `## Il tuo conto
Devi essere maggiorenne e poter usare servizi di asset digitali dove vivi. Custodisci password, password dei fondi e dispositivi; le azioni fatte con essi contano come tue.

## Uso corretto
Non usare la piattaforma per riciclaggio, frode, manipolazione del mercato o per aggirare sanzioni. Possiamo chiedere la certificazione dell'identità e sospendere i conti che violano queste regole.

## Commissioni e prelievi
Le commissioni sono quelle della tabella, mostrate prima della conferma. Un prelievo con saldo sufficiente, verifica superata e password dei fondi valida viene pagato; è accreditato entro 24 ore e prevede una commissione. Nessuna condizione nascosta lo blocca.

## Prezzi
Gli ordini vengono eseguiti nel libro ordini; i contratti si regolano al prezzo indice pubblico. L'operatore non può modificare prezzi o esiti.

## Modifiche
Annunciamo le modifiche a questi termini con un avviso prima che si applichino.`,
    },
    privacy_policy: {
      title: 'Informativa sulla privacy',
      summary: 'Cosa raccogliamo, perché e come è protetto.',
      markdown: `## Cosa raccogliamo
Il nome del conto, l'e-mail o il numero di telefono, i documenti d'identità caricati per la certificazione, i dati bancari inseriti e un registro di accessi e dispositivi.

## Perché
Per gestire il tuo conto, rispettare obblighi di legge (verifica dell'identità), proteggerti (avvisi di nuovi dispositivi, prevenzione delle frodi) e risponderti in assistenza clienti.

## Come è protetto
Le password sono conservate solo come hash unidirezionali robusti, i token di sessione solo come hash, e le immagini caricate sono visibili solo a te e al personale autorizzato. Le azioni del personale sono scritte in un registro di controllo a prova di manomissione.

## Condivisione
Non vendiamo i tuoi dati. Li condividiamo solo quando la legge lo richiede.

## I tuoi diritti
Puoi vedere e correggere i tuoi dati nel centro utente e chiedere all'assistenza una copia o la cancellazione, quando la legge lo consente.`,
    },
    risk_notice: {
      title: 'Avviso di rischio: fai trading solo con denaro che puoi perdere',
      summary: 'I prezzi degli asset digitali sono volatili. I contratti moltiplicano guadagni e perdite.',
      markdown:
        "I prezzi degli asset digitali sono volatili e i contratti moltiplicano guadagni e perdite. Leggi l'[informativa sui rischi](/article/main/index) prima di fare trading. Non ti chiederemo mai la password o i codici di verifica.",
    },
    welcome: {
      title: 'Benvenuto su {{brand}}',
      summary:
        'Un exchange verificabile: saldo del fondo pubblico, prove delle passività, nessuna manipolazione dei prezzi.',
      markdown: `{{brand}} è costruito perché tu possa verificarlo: il saldo del fondo di sicurezza è pubblico, i tuoi saldi sono inclusi nelle prove delle passività pubblicate che puoi verificare da solo, e nessun operatore può fissare un prezzo o un esito.

Inizia dalla guida *Primi passi* nel centro assistenza.`,
    },
  },
};
