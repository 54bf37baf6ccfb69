import type { CmsBlockDoc, CmsPageDoc } from '@shop/domain';

/*
 * Static Italian CMS content. Contact details (address, phone, VAT number) are deliberately left
 * out, as in the shop's configuration; pages point to the contact form instead.
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
      '<h2>Cosa offriamo</h2><ul><li>Migliaia di articoli selezionati dai migliori produttori</li><li>Consulenza telefonica di personale esperto del settore</li><li>Certificazioni e schede tecniche scaricabili</li><li>Consegna in 24/48 ore sulla maggior parte dei prodotti</li></ul>' +
      '<p>Per le forniture di grandi quantità puoi richiedere un preventivo dedicato direttamente dalla scheda prodotto.</p>',
  },
  {
    identifier: 'condizioni-di-vendita',
    title: 'Condizioni di vendita',
    heading: 'Condizioni generali di vendita',
    metaDescription: 'Condizioni generali di vendita: ordini, prezzi IVA esclusa, pagamenti, consegne, garanzie e diritto di recesso.',
    content:
      '<h2>1. Ordini</h2><p>L\'ordine si considera accettato al ricevimento dell\'email di conferma. I prezzi sono espressi in euro IVA esclusa; l\'IVA viene calcolata al momento dell\'ordine in base all\'aliquota del prodotto e al paese di destinazione.</p>' +
      '<h2>2. Pagamenti</h2><p>Accettiamo carte di credito, PayPal, bonifico bancario anticipato e pagamento a rate. I dettagli sono nella pagina <a href="/i/pagamenti">Pagamenti</a>.</p>' +
      '<h2>3. Consegne</h2><p>Tempi e costi di spedizione sono indicati nella pagina <a href="/i/spedizioni">Spedizioni</a>.</p>' +
      '<h2>4. Garanzia</h2><p>Tutti i prodotti sono coperti dalla garanzia legale di conformità. Per i clienti professionali valgono i termini previsti dal produttore.</p>' +
      '<h2>5. Recesso</h2><p>I consumatori possono recedere entro 14 giorni dalla consegna, secondo quanto indicato nella pagina <a href="/i/resi">Resi</a>. Il diritto di recesso non si applica ai prodotti realizzati su misura.</p>',
  },
  {
    identifier: 'privacy-policy',
    title: 'Privacy policy',
    heading: 'Informativa sul trattamento dei dati personali',
    metaDescription: 'Informativa privacy ai sensi del Regolamento UE 2016/679 (GDPR): quali dati raccogliamo, perché e quali sono i tuoi diritti.',
    content:
      '<p>Questa informativa descrive come trattiamo i dati personali dei clienti e dei visitatori del sito, ai sensi del Regolamento UE 2016/679 (GDPR).</p>' +
      '<h2>Dati trattati</h2><p>Trattiamo i dati necessari a gestire ordini, fatturazione, spedizioni e assistenza: nome, indirizzi, email, telefono e, per le aziende, partita IVA, codice SDI o PEC.</p>' +
      '<h2>Finalità e base giuridica</h2><p>I dati sono trattati per eseguire il contratto di vendita, adempiere agli obblighi di legge e, solo con il tuo consenso, per l\'invio della newsletter.</p>' +
      '<h2>I tuoi diritti</h2><p>Puoi chiedere in ogni momento accesso, rettifica, cancellazione o limitazione dei tuoi dati e opporti al trattamento scrivendoci tramite il modulo di contatto.</p>',
  },
  {
    identifier: 'cookie-policy',
    title: 'Cookie policy',
    heading: 'Informativa sui cookie',
    metaDescription: 'Quali cookie usa il sito, a cosa servono e come gestire le tue preferenze.',
    content:
      '<p>Il sito usa cookie tecnici, necessari al funzionamento del carrello e dell\'area clienti, e, solo con il tuo consenso, cookie di analisi e di marketing.</p>' +
      '<p>Puoi modificare le tue preferenze in qualsiasi momento dal link in fondo alla pagina o dalle impostazioni del browser.</p>',
  },
  {
    identifier: 'spedizioni',
    title: 'Spedizioni',
    heading: 'Tempi e costi di spedizione',
    metaDescription: 'Spedizioni in tutta Italia in 2-3 giorni lavorativi con corriere espresso a 5,49 € IVA esclusa. Consegna con sponda idraulica per le attrezzature pesanti.',
    content:
      '<p>Spediamo in tutta Italia con corriere espresso. La maggior parte degli ordini viene consegnata in <strong>2-3 giorni lavorativi</strong> al costo di <strong>5,49 €</strong> IVA esclusa.</p>' +
      '<h2>Attrezzature ingombranti</h2><p>Frigoriferi, tavoli e macchinari viaggiano su bancale con consegna su appuntamento. Su richiesta sono disponibili la consegna con sponda idraulica, la consegna al piano e l\'assicurazione sul trasporto.</p>' +
      '<h2>Controllo alla consegna</h2><p>Verifica l\'integrità dell\'imballo prima di firmare: in caso di danni accetta la merce con riserva specifica e segnalacelo entro 48 ore.</p>',
  },
  {
    identifier: 'resi',
    title: 'Resi e rimborsi',
    heading: 'Come restituire un prodotto',
    metaDescription: 'Diritto di recesso entro 14 giorni, procedura di reso e tempi di rimborso.',
    content:
      '<p>Se sei un consumatore puoi restituire i prodotti entro <strong>14 giorni</strong> dalla consegna, senza indicarne il motivo.</p>' +
      '<ol><li>Richiedi il reso dall\'area clienti, nella sezione ordini.</li><li>Imballa il prodotto integro, nella confezione originale.</li><li>Consegna il pacco al corriere con l\'autorizzazione che ti inviamo.</li></ol>' +
      '<p>Il rimborso viene effettuato entro 14 giorni dal ricevimento del reso, con lo stesso metodo di pagamento usato per l\'ordine. Per motivi igienici non si accettano resi di guanti monouso aperti e prodotti su misura.</p>',
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
    content: '<div class="home-banner"><h2>Attrezzature professionali per la ristorazione e l\'industria alimentare</h2><p>Coltelli, refrigerazione, macchine sottovuoto e tutto per il tuo laboratorio, con consegna in 24/48 ore.</p><p><a href="/c/novita-industria-alimentare">Scopri le novità</a></p></div>',
  },
  {
    identifier: 'footer-info',
    title: 'Informazioni footer',
    content: '<ul><li><a href="/i/chi-siamo">Chi siamo</a></li><li><a href="/i/spedizioni">Spedizioni</a></li><li><a href="/i/resi">Resi</a></li><li><a href="/i/pagamenti">Pagamenti</a></li><li><a href="/i/condizioni-di-vendita">Condizioni di vendita</a></li><li><a href="/i/privacy-policy">Privacy policy</a></li><li><a href="/i/cookie-policy">Cookie policy</a></li></ul>',
  },
  {
    identifier: 'servizi-clienti',
    title: 'Servizi per i clienti',
    content: '<ul class="service-highlights"><li>Certificazioni scaricabili</li><li>Pagamenti sicuri, anche a rate</li><li>Consulenza professionale telefonica</li><li>Consegna in 24/48 ore</li></ul>',
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
