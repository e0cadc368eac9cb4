/** The bar chart's height for `rows` bars (its placeholder takes the same while the chart loads). */
export const resultsChartHeight = (rows: number) => Math.max(120, rows * 44 + 40);
