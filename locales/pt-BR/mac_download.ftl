# Um Mac cuja memória comporta o checkpoint de 16 bits, calculado com o arquivo de 8 bits que o dono baixa.
assumed-precision-mac = { $precision }, o arquivo de 8 bits que quem tem Mac baixa: o checkpoint em { $native } também caberia, mas o Mac lê todos os pesos a cada token, então rodaria com cerca de metade da velocidade e sobraria menos espaço para contexto (nenhuma precisão informada)
