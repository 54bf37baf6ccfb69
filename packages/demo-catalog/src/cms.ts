import type { CmsBlockDoc, CmsPageDoc } from '@shop/domain';

/*
 * Static Italian CMS content. The seller's data and the delivery promise are never written here:
 * the texts name them with placeholders (`{{seller.name}}`, `{{delivery.days}}`, …) that the API
 * fills from its configuration when it answers (apps/api/src/modules/shop/placeholders.ts).
 */

const TIMESTAMP = '2025-03-01 09:00:00';

interface PageSpec {
  identifier: string;
  title: string;
  heading: string;
  metaDescription: string;
  content: string;
}

const PAGES: readonly PageSpec[] = [
  {
    identifier: 'chi-siamo',
    title: 'Chi siamo',
    heading: 'Attrezzature professionali per chi lavora con il cibo',
    metaDescription: 'Forniamo attrezzature professionali a macellerie, ristoranti, laboratori e industria alimentare in tutta Italia.',
    content:
      '<p>Siamo un negozio specializzato in attrezzature professionali per la ristorazione e l\'industria alimentare. Serviamo macellerie, salumifici, ristoranti, hotel, mense, gastronomie, supermercati e anche i privati più esigenti.</p>' +
      '<h2>Cosa offriamo</h2><ul><li>Migliaia di articoli selezionati dai migliori produttori</li><li>Consulenza telefonica di personale esperto del settore</li><li>Certificazioni e schede tecniche scaricabili</li><li>Consegna in {{delivery.days}} giorni lavorativi in tutta Italia</li></ul>' +
      '<p>Per le forniture di grandi quantità puoi richiedere un preventivo dedicato direttamente dalla scheda prodotto.</p>',
  },
  {
    identifier: 'condizioni-di-vendita',
    title: 'Condizioni generali di vendita',
    heading: 'Condizioni generali di vendita',
    metaDescription: 'Condizioni generali di vendita di {{seller.name}} per clienti professionali e consumatori: ordini, prezzi IVA esclusa, pagamenti, consegne, garanzie e diritto di recesso di 14 giorni.',
    content:
      '<p>Le presenti condizioni regolano le vendite a distanza concluse sul sito tra <strong>{{seller.name}}</strong>, con sede in {{seller.address}}, partita IVA {{seller.vatId}}, codice fiscale {{seller.fiscalCode}}, REA {{seller.rea}}, PEC {{seller.pec}} (il «Venditore»), e chi acquista (il «Cliente»). Il Cliente può essere un <strong>professionista</strong> (impresa, ente o libero professionista che acquista per la propria attività e indica la partita IVA) o un <strong>consumatore</strong> ai sensi dell\'art. 3 del Codice del Consumo (D.Lgs. 206/2005). Dove le regole differiscono, le condizioni lo indicano.</p>' +
      '<h2>1. Conclusione del contratto</h2><p>Le schede prodotto costituiscono un invito a offrire. Il contratto si conclude quando il Venditore invia per e-mail la conferma dell\'ordine, che riepiloga prodotti, prezzi, spese di spedizione e metodo di pagamento. Il Cliente conserva queste condizioni stampandole o salvandole: sono sempre disponibili a questo indirizzo.</p>' +
      '<h2>2. Prezzi</h2><p>I prezzi sono espressi in euro <strong>IVA esclusa</strong>; l\'IVA è calcolata nel carrello e nel riepilogo dell\'ordine secondo l\'aliquota del prodotto e il paese di consegna. Il totale da pagare, comprensivo di IVA, spese di spedizione e servizi scelti, è indicato prima della conferma dell\'ordine.</p>' +
      '<h2>3. Pagamento e fattura</h2><p>Sono accettati carta di credito o debito, PayPal, pagamento in 3 rate, bonifico bancario anticipato e contrassegno, alle condizioni della pagina <a href="/i/pagamenti">Pagamenti</a>. Per ogni ordine è emessa fattura elettronica tramite il Sistema di Interscambio (SDI): i professionisti indicano partita IVA e codice destinatario o PEC, i consumatori il codice fiscale.</p>' +
      '<h2>4. Consegna</h2><p>Spediamo in Italia con corriere espresso; la consegna avviene di norma in {{delivery.days}} giorni lavorativi dalla conferma del pagamento, come descritto nella pagina <a href="/delivery">Spedizioni</a>. Al ricevimento il Cliente verifica l\'imballo e annota sul documento del corriere eventuali danni («accetto con riserva»).</p>' +
      '<h2>5. Diritto di recesso dei consumatori</h2><p>Il consumatore può recedere dal contratto <strong>entro 14 giorni</strong> dal giorno in cui ha ricevuto i prodotti, senza indicarne il motivo e senza penalità (artt. 52–59 del Codice del Consumo), inviando una dichiarazione esplicita a {{seller.email}} o alla PEC {{seller.pec}}, anche con il modulo tipo di recesso. Il Venditore rimborsa tutti i pagamenti ricevuti, comprese le spese di consegna standard, entro 14 giorni dalla comunicazione del recesso, con lo stesso mezzo di pagamento usato per l\'acquisto; può trattenere il rimborso finché non ha ricevuto i beni o la prova della loro spedizione. Le spese dirette di restituzione sono a carico del consumatore. Il recesso è escluso per i beni confezionati su misura o personalizzati (per esempio coltelli con incisione) e per i beni sigillati che non si prestano a essere restituiti per motivi igienici, se aperti dopo la consegna. La procedura è descritta nella pagina <a href="/returns">Resi e rimborsi</a>.</p>' +
      '<h2>6. Clienti professionali</h2><p>Il diritto di recesso non spetta ai professionisti. Le richieste di reso commerciale sono valutate caso per caso entro 8 giorni dalla consegna. I vizi vanno denunciati entro 8 giorni dalla scoperta (art. 1495 c.c.).</p>' +
      '<h2>7. Garanzia legale di conformità</h2><p>Per i consumatori il Venditore risponde dei difetti di conformità che si manifestano entro 2 anni dalla consegna (artt. 128 e seguenti del Codice del Consumo): il consumatore può chiedere la riparazione o la sostituzione del bene e, se non possibili, una riduzione del prezzo o la risoluzione del contratto. Per i professionisti vale la garanzia del codice civile e quella del produttore.</p>' +
      '<h2>8. Reclami e controversie</h2><p>I reclami si inviano a {{seller.email}} o al numero {{seller.phone}}; rispondiamo entro 10 giorni lavorativi. Il consumatore può ricorrere alla piattaforma europea per la risoluzione online delle controversie (ODR) e agli organismi di risoluzione alternativa. Il contratto è regolato dalla legge italiana; per i consumatori è competente il foro del luogo di residenza, per i professionisti il foro della sede del Venditore.</p>',
  },
  {
    identifier: 'privacy-policy',
    title: 'Privacy policy',
    heading: 'Informativa sul trattamento dei dati personali',
    metaDescription: 'Informativa privacy di {{seller.name}} ai sensi degli artt. 13 e 14 del Regolamento UE 2016/679 (GDPR): dati raccolti, finalità, conservazione e diritti.',
    content:
      '<p>Questa informativa è resa ai sensi degli artt. 13 e 14 del Regolamento UE 2016/679 (GDPR) a chi visita il sito, acquista, richiede un preventivo o scrive tramite il modulo di contatto.</p>' +
      '<h2>Titolare del trattamento</h2><p>{{seller.name}}, {{seller.address}}, partita IVA {{seller.vatId}}. Contatti per la privacy: {{seller.email}}, PEC {{seller.pec}}, telefono {{seller.phone}}.</p>' +
      '<h2>Dati trattati e finalità</h2><ul><li><strong>Ordini e fatturazione</strong>: nome, indirizzi, e-mail, telefono, codice fiscale o partita IVA, codice destinatario o PEC. Base giuridica: esecuzione del contratto e obblighi di legge (art. 6.1 b e c).</li><li><strong>Account cliente</strong>: dati di registrazione e storico ordini, per darti accesso all\'area clienti (art. 6.1 b).</li><li><strong>Richieste di preventivo e messaggi</strong>: i dati che inserisci nel modulo, per risponderti (art. 6.1 b).</li><li><strong>Newsletter</strong>: l\'e-mail, solo con il tuo consenso, revocabile in ogni momento (art. 6.1 a).</li><li><strong>Sicurezza</strong>: indirizzo IP e registri tecnici, per prevenire abusi e frodi (legittimo interesse, art. 6.1 f).</li></ul>' +
      '<h2>Destinatari</h2><p>I dati sono comunicati solo a chi ci serve per eseguire il contratto: corrieri, fornitori dei servizi di pagamento (che trattano i dati della carta: noi non li vediamo), il fornitore della posta elettronica, il commercialista e l\'Agenzia delle Entrate tramite lo SDI. Non vendiamo dati a terzi.</p>' +
      '<h2>Conservazione</h2><p>I dati di ordini e fatture sono conservati 10 anni, come prevede la normativa fiscale; i messaggi e i preventivi non seguiti da un ordine 24 mesi; i dati della newsletter fino alla revoca del consenso; i registri di sicurezza 6 mesi.</p>' +
      '<h2>I tuoi diritti</h2><p>Puoi chiedere in ogni momento l\'accesso ai tuoi dati, la rettifica, la cancellazione, la limitazione, la portabilità e opporti al trattamento (artt. 15–22 GDPR), scrivendo a {{seller.email}}. Se ritieni che il trattamento violi il Regolamento puoi proporre reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it).</p>' +
      '<p>I cookie sono descritti nella <a href="/i/cookie-policy">Cookie policy</a>.</p>',
  },
  {
    identifier: 'cookie-policy',
    title: 'Cookie policy',
    heading: 'Informativa sui cookie',
    metaDescription: 'Quali cookie e archivi locali usa il sito di {{seller.name}}, a cosa servono e come gestire le tue preferenze.',
    content:
      '<p>Questa informativa, resa da {{seller.name}} ({{seller.address}}) secondo le Linee guida cookie del Garante privacy del 10 giugno 2021, descrive i cookie e le tecnologie simili usati dal sito.</p>' +
      '<h2>Cookie tecnici (sempre attivi)</h2><p>Sono necessari al funzionamento del sito e non richiedono consenso: conservano il carrello, la sessione dell\'area clienti, le tue scelte sui cookie e la lingua. Alcuni dati (carrello, prodotti visti di recente, lista dei desideri) sono conservati nell\'archivio locale del browser e non lasciano il tuo dispositivo finché non completi un\'azione.</p>' +
      '<h2>Cookie di analisi (con consenso)</h2><p>Ci aiutano a capire quali pagine sono più utili, in forma aggregata. Sono installati solo se scegli «Accetta» o li attivi nelle preferenze.</p>' +
      '<h2>Cookie di marketing (con consenso)</h2><p>Permettono di misurare l\'efficacia delle campagne e di mostrarti offerte pertinenti. Sono installati solo con il tuo consenso esplicito.</p>' +
      '<h2>Come gestire le preferenze</h2><p>Alla prima visita il banner ti permette di accettare, rifiutare tutti i cookie non necessari o scegliere per categoria; chiudere il banner equivale a rifiutare. Puoi cambiare idea in qualsiasi momento con il link «Preferenze cookie» in fondo a ogni pagina, o cancellare i cookie dalle impostazioni del browser. Per domande: {{seller.email}}.</p>',
  },
  {
    identifier: 'spedizioni',
    title: 'Spedizioni',
    heading: 'Tempi e costi di spedizione',
    metaDescription: 'Spedizioni in tutta Italia in {{delivery.days}} giorni lavorativi con corriere espresso a {{shipping.price}} IVA esclusa, gratuite da {{shipping.freeFrom}}.',
    content:
      '<p>Spediamo in tutta Italia con corriere espresso. Gli ordini pagati entro le 13 dei giorni lavorativi partono in giornata e vengono consegnati in <strong>{{delivery.days}} giorni lavorativi</strong>.</p>' +
      '<h2>Costi</h2><ul><li>Spedizione standard: <strong>{{shipping.price}}</strong> IVA esclusa.</li><li>Spedizione <strong>gratuita</strong> per ordini da {{shipping.freeFrom}} IVA esclusa.</li><li>Supplemento isole (Sicilia e Sardegna): 15,00 € IVA esclusa.</li><li>Merce ingombrante (refrigerazione, tavoli inox): supplemento di 49,00 € IVA esclusa, consegna su bancale con appuntamento telefonico.</li></ul>' +
      '<h2>Servizi di consegna</h2><p>Su richiesta, nel checkout: consegna con sponda idraulica, consegna al piano, preavviso telefonico e assicurazione sul trasporto.</p>' +
      '<h2>Controllo alla consegna</h2><p>Verifica il numero dei colli e l\'integrità dell\'imballo prima di firmare: in caso di danni accetta la merce «con riserva» indicandone il motivo e segnalacelo entro 48 ore a {{seller.email}} o al {{seller.phone}}.</p>' +
      '<p>Le spedizioni sono curate da {{seller.name}}, {{seller.address}}.</p>',
  },
  {
    identifier: 'resi',
    title: 'Resi e rimborsi',
    heading: 'Resi e rimborsi',
    metaDescription: 'Diritto di recesso entro 14 giorni per i consumatori, resi per i clienti professionali, procedura e tempi di rimborso.',
    content:
      '<h2>Consumatori: recesso entro 14 giorni</h2><p>Se acquisti come consumatore puoi restituire i prodotti entro <strong>14 giorni</strong> dalla consegna, senza indicarne il motivo.</p>' +
      '<ol><li>Comunica il recesso a {{seller.email}} (o PEC {{seller.pec}}) indicando il numero d\'ordine e i prodotti da restituire.</li><li>Imballa i prodotti integri, completi di accessori e manuali, possibilmente nella confezione originale.</li><li>Spedisci il pacco entro 14 giorni dalla comunicazione all\'indirizzo: {{seller.name}}, {{seller.address}}. Le spese di restituzione sono a tuo carico.</li></ol>' +
      '<p>Rimborsiamo l\'importo dei prodotti e le spese di consegna standard <strong>entro 14 giorni</strong> dalla tua comunicazione, con lo stesso metodo di pagamento dell\'ordine, dopo aver ricevuto il reso o la prova della spedizione. Sono esclusi dal recesso i prodotti personalizzati (per esempio coltelli incisi, taglieri su misura) e i prodotti igienici sigillati aperti dopo la consegna, come i guanti monouso.</p>' +
      '<h2>Clienti professionali</h2><p>Per gli acquisti con partita IVA il recesso non è previsto per legge; valutiamo comunque i resi di prodotti nuovi e integri richiesti entro 8 giorni dalla consegna, scrivendo a {{seller.email}}.</p>' +
      '<h2>Prodotti difettosi o danneggiati</h2><p>Se un prodotto arriva danneggiato o non funziona, contattaci al {{seller.phone}}: ti indichiamo come riparare, sostituire o rimborsare il prodotto nell\'ambito della garanzia legale, senza spese per te.</p>',
  },
  {
    identifier: 'pagamenti',
    title: 'Pagamenti',
    heading: 'Metodi di pagamento',
    metaDescription: 'Paga con carta di credito, PayPal, bonifico bancario o a rate: pagamenti sicuri e fattura elettronica per aziende.',
    content:
      '<ul><li><strong>Carta di credito e debito</strong>: Visa, Mastercard, American Express</li><li><strong>PayPal</strong></li><li><strong>Bonifico bancario anticipato</strong>: l\'ordine viene spedito all\'accredito</li><li><strong>Pagamento a rate</strong>: scegli il piano al momento del pagamento</li></ul>' +
      '<p>Per le aziende emettiamo fattura elettronica: inserisci partita IVA e codice SDI o PEC nei dati di fatturazione.</p>',
  },
  {
    identifier: 'contatti',
    title: 'Contatti',
    heading: 'Contatti',
    metaDescription: 'Scrivi o telefona a {{seller.name}}: assistenza su ordini, preventivi e prodotti.',
    content:
      '<p><strong>{{seller.name}}</strong><br>{{seller.address}}</p>' +
      '<ul><li>Telefono: {{seller.phone}} (lunedì–venerdì, 9–13 e 14–18)</li><li>E-mail: {{seller.email}}</li><li>PEC: {{seller.pec}}</li><li>Partita IVA {{seller.vatId}} · REA {{seller.rea}}</li></ul>' +
      '<p>Per richieste su un ordine indica il numero d\'ordine; per le forniture in quantità puoi anche chiedere un preventivo dalla scheda prodotto o dal carrello. Rispondiamo entro un giorno lavorativo.</p>',
  },
  {
    identifier: 'accessibilita',
    title: 'Dichiarazione di accessibilità',
    heading: 'Dichiarazione di accessibilità',
    metaDescription: 'Dichiarazione di accessibilità del negozio online di {{seller.name}} secondo la Direttiva (UE) 2019/882 (European Accessibility Act) e il D.Lgs. 82/2022.',
    content:
      '<p>{{seller.name}} si impegna a rendere il proprio negozio online accessibile, in conformità alla Direttiva (UE) 2019/882 sui requisiti di accessibilità dei prodotti e dei servizi (European Accessibility Act), recepita in Italia con il D.Lgs. 82/2022, e alla norma armonizzata EN 301 549, che rimanda alle WCAG 2.1 livello AA.</p>' +
      '<h2>Stato di conformità</h2><p>Il sito è <strong>conforme</strong> ai requisiti delle WCAG 2.1 livello AA. Le pagine principali (catalogo, scheda prodotto, carrello, checkout, area clienti, pagine informative e modulo di contatto) sono verificate a ogni rilascio con strumenti automatici e con prove da tastiera e con lettore di schermo.</p>' +
      '<h2>Come abbiamo reso il servizio accessibile</h2><ul><li>Navigazione completa da tastiera, con focus visibile e collegamento per saltare al contenuto.</li><li>Testi alternativi per le immagini, etichette per tutti i campi dei moduli e messaggi di errore che indicano il campo e come correggerlo.</li><li>Contrasto dei colori almeno 4,5:1 e testo ridimensionabile fino al 200 % senza perdita di contenuto.</li><li>Avvisi (carrello, errori, conferme) annunciati ai lettori di schermo e che non scompaiono mentre li stai leggendo.</li></ul>' +
      '<h2>Segnalazioni</h2><p>Se incontri una barriera o un contenuto non accessibile, scrivici a {{seller.email}} o chiama il {{seller.phone}}: ti risponderemo entro 10 giorni lavorativi e, se necessario, ti forniremo le informazioni o completeremo l\'ordine con te con un mezzo alternativo. Se la risposta non è soddisfacente puoi rivolgerti all\'autorità di vigilanza competente (AgID).</p>' +
      '<p>Dichiarazione redatta da {{seller.name}}, {{seller.address}}, partita IVA {{seller.vatId}}.</p>',
  },
  {
    identifier: 'note-legali',
    title: 'Note legali',
    heading: 'Note legali',
    metaDescription: 'Note legali e dati societari di {{seller.name}}: sede, partita IVA, REA, PEC, proprietà dei contenuti.',
    content:
      '<h2>Dati del titolare del sito</h2><p><strong>{{seller.name}}</strong><br>Sede legale: {{seller.address}}<br>Partita IVA {{seller.vatId}} · Codice fiscale {{seller.fiscalCode}}<br>Iscrizione al Registro delle imprese, numero REA {{seller.rea}}<br>PEC {{seller.pec}} · E-mail {{seller.email}} · Telefono {{seller.phone}}</p>' +
      '<p>Informazioni rese ai sensi dell\'art. 7 del D.Lgs. 70/2003 (commercio elettronico) e dell\'art. 2250 del codice civile.</p>' +
      '<h2>Proprietà dei contenuti</h2><p>Testi, immagini, marchi e grafica del sito appartengono a {{seller.name}} o ai rispettivi titolari e non possono essere riprodotti senza autorizzazione scritta. I marchi dei produttori sono citati solo per identificare i prodotti.</p>' +
      '<h2>Esattezza delle informazioni</h2><p>Curiamo con attenzione schede, prezzi e disponibilità; eventuali errori materiali evidenti non vincolano il Venditore, che ne informa il Cliente prima di confermare l\'ordine. Le vendite sono regolate dalle <a href="/i/condizioni-di-vendita">Condizioni generali di vendita</a>; il trattamento dei dati è descritto nella <a href="/i/privacy-policy">Privacy policy</a>.</p>',
  },
];

interface BlockSpec {
  identifier: string;
  title: string;
  content: string;
}

/** Blocks referenced by categories (cms_block_top / cms_block_bottom) plus site-wide ones. */
const BLOCKS: readonly BlockSpec[] = [
  {
    identifier: 'home-banner',
    title: 'Banner home page',
    content: '<div class="home-banner"><h2>Attrezzature professionali per la ristorazione e l\'industria alimentare</h2><p>Coltelli, refrigerazione, macchine sottovuoto e tutto per il tuo laboratorio, con consegna in {{delivery.days}} giorni lavorativi.</p><p><a href="/c/novita-industria-alimentare">Scopri le novità</a></p></div>',
  },
  {
    identifier: 'footer-info',
    title: 'Informazioni footer',
    content: '<ul><li><a href="/i/chi-siamo">Chi siamo</a></li><li><a href="/i/spedizioni">Spedizioni</a></li><li><a href="/i/resi">Resi</a></li><li><a href="/i/pagamenti">Pagamenti</a></li><li><a href="/i/condizioni-di-vendita">Condizioni di vendita</a></li><li><a href="/i/privacy-policy">Privacy policy</a></li><li><a href="/i/cookie-policy">Cookie policy</a></li></ul>',
  },
  {
    identifier: 'servizi-clienti',
    title: 'Servizi per i clienti',
    content: '<ul class="service-highlights"><li>Certificazioni scaricabili</li><li>Pagamenti sicuri, anche a rate</li><li>Consulenza professionale telefonica</li><li>Consegna in {{delivery.days}} giorni lavorativi</li></ul>',
  },
  {
    identifier: 'banner-coltelli',
    title: 'Banner coltelli',
    content: '<div class="category-banner"><h2>Incisione laser del nome</h2><p>Personalizza i tuoi coltelli professionali con l\'incisione del nome o del logo: selezionala nella scheda prodotto.</p></div>',
  },
  {
    identifier: 'guida-taglie-guanti',
    title: 'Guida taglie guanti',
    content: '<h3>Guida taglie guanti</h3><table><thead><tr><th>Taglia</th><th>Circonferenza mano</th></tr></thead><tbody><tr><td>S</td><td>17-18 cm</td></tr><tr><td>M</td><td>19-20 cm</td></tr><tr><td>L</td><td>21-22 cm</td></tr><tr><td>XL</td><td>23-24 cm</td></tr><tr><td>XXL</td><td>25-26 cm</td></tr></tbody></table><p>Misura la mano all\'altezza delle nocche, escluso il pollice.</p>',
  },
  {
    identifier: 'guida-taglie-stivali',
    title: 'Guida taglie stivali',
    content: '<h3>Guida taglie stivali</h3><table><thead><tr><th>Taglia</th><th>Lunghezza piede</th></tr></thead><tbody><tr><td>38</td><td>24,5 cm</td></tr><tr><td>40</td><td>25,8 cm</td></tr><tr><td>42</td><td>27,1 cm</td></tr><tr><td>44</td><td>28,5 cm</td></tr><tr><td>46</td><td>29,8 cm</td></tr></tbody></table><p>Con calze termiche scegli mezzo numero in più.</p>',
  },
  {
    identifier: 'consulenza-haccp',
    title: 'Consulenza HACCP',
    content: '<div class="category-banner"><h3>Hai bisogno di aiuto con il piano HACCP?</h3><p>I nostri consulenti ti aiutano a scegliere gli strumenti di controllo giusti. Scopri anche i <a href="/c/corsi-haccp-online">corsi HACCP online</a> con attestato.</p></div>',
  },
  {
    identifier: 'banner-refrigerazione',
    title: 'Banner refrigerazione',
    content: '<div class="category-banner"><h2>Consegna su appuntamento e installazione</h2><p>Frigoriferi e abbattitori vengono consegnati su bancale con appuntamento. Aggiungi installazione e collaudo direttamente nella scheda prodotto.</p></div>',
  },
  {
    identifier: 'banner-novita',
    title: 'Banner novità',
    content: '<div class="category-banner"><h2>Le novità per l\'industria alimentare</h2><p>Nuove attrezzature per macellerie, salumifici e laboratori, selezionate ogni settimana.</p></div>',
  },
  {
    identifier: 'banner-horeca',
    title: 'Banner Horeca',
    content: '<div class="category-banner"><h2>Tutto per hotel, ristoranti e catering</h2><p>Per forniture complete richiedi un preventivo: ti rispondiamo entro un giorno lavorativo.</p></div>',
  },
  {
    identifier: 'home-hero',
    title: 'Home: testata',
    content:
      '<p>Coltelli, refrigerazione, macchine sottovuoto, tavoli inox e tutto per la cucina e il laboratorio, scelti per chi lavora ogni giorno con il cibo. Prezzi IVA esclusa, consegna in {{delivery.days}} giorni lavorativi.</p>' +
      '<p><a class="button" href="/c/novita-industria-alimentare">Scopri le novità</a> <a href="/quote-request">Chiedi un preventivo</a></p>' +
      '<p><img src="/images/hero-banco-inox.svg" alt="Banco di lavoro in acciaio inox con coltelli, tagliere e pentola professionale" width="640" height="420"></p>',
  },
  {
    identifier: 'home-b2b',
    title: 'Home: vantaggi per i professionisti',
    content:
      '<ul class="b2b-points"><li><strong>Spedizione gratuita da {{shipping.freeFrom}}</strong> IVA esclusa, altrimenti {{shipping.price}}</li><li><strong>Fattura elettronica via SDI</strong> con partita IVA, codice destinatario o PEC</li><li><strong>Paghi come preferisci</strong>: carta di credito o debito, PayPal, bonifico, 3 rate, contrassegno</li><li><strong>Preventivi per quantità</strong>: rispondiamo entro un giorno lavorativo</li></ul>',
  },
];

export function buildCmsPages(): CmsPageDoc[] {
  return PAGES.map((page, i) => ({
    id: i + 1,
    identifier: page.identifier,
    title: page.title,
    content_heading: page.heading,
    content: page.content,
    page_layout: '1column',
    meta_title: page.title,
    meta_description: page.metaDescription,
    meta_keywords: null,
    active: true,
    store_id: [0],
    creation_time: TIMESTAMP,
    update_time: TIMESTAMP,
  }));
}

export function buildCmsBlocks(): CmsBlockDoc[] {
  return BLOCKS.map((block, i) => ({
    id: i + 1,
    identifier: block.identifier,
    title: block.title,
    content: block.content,
    active: true,
    store_id: [0],
    creation_time: TIMESTAMP,
    update_time: TIMESTAMP,
  }));
}
